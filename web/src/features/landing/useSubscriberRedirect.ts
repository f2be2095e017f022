import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentSubscriptionCreatorQuery, useSubscriptionsQuery } from '../../api';
import { useSessionStore } from '../session';

/**
 * Spec §2 `/`: a subscriber with a current creator goes to that creator's chat. The returns from
 * Checkout are features/payments/PaymentReturnView's.
 */
export function useSubscriberRedirect(): void {
  const status = useSessionStore((state) => state.status);
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const subscriptions = useSubscriptionsQuery(status === 'authenticated' ? userId : null);
  const creator = useCurrentSubscriptionCreatorQuery(subscriptions.data);
  const navigate = useNavigate();
  const handle = creator.data?.handle;
  useEffect(() => {
    if (handle) navigate(`/@${handle}`, { replace: true });
  }, [handle, navigate]);
}
