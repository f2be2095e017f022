import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentSubscriptionCreatorQuery, useSubscriptionsQuery } from '../../api';
import { useSessionStore } from '../session';

/**
 * Spec §2 `/`: a subscriber with a current creator goes to that creator's chat. Back from Checkout
 * (`?section=stripe&refresh=true`) the subscription appears once Stripe's webhook reached billing,
 * so the list is asked again for a while.
 */
export function useSubscriberRedirect(): void {
  const status = useSessionStore((state) => state.status);
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const [params] = useSearchParams();
  const waitForActive = params.get('section') === 'stripe' && params.get('refresh') === 'true';
  const subscriptions = useSubscriptionsQuery(status === 'authenticated' ? userId : null, { waitForActive });
  const creator = useCurrentSubscriptionCreatorQuery(subscriptions.data);
  const navigate = useNavigate();
  const handle = creator.data?.handle;
  useEffect(() => {
    if (handle) navigate(`/@${handle}`, { replace: true });
  }, [handle, navigate]);
}
