import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { CHECKOUT_CANCELLED_TEXT, type CheckoutReturnState } from '../payments/payment-return';

/** Back in the chat from a cancelled Checkout (docs/billing.md, "Coming back from Checkout"). */
export function CheckoutCancelledNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as CheckoutReturnState | null;
  if (!state?.checkoutCancelled) return null;
  return (
    <Banner
      action={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
        >
          Dismiss
        </Button>
      }
    >
      {CHECKOUT_CANCELLED_TEXT}
    </Banner>
  );
}
