import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import type { CheckoutReturnState } from '../payments/payment-return';

/** Back in the chat from a cancelled Checkout (docs/billing.md, "Coming back from Checkout"). */
export function CheckoutCancelledNotice() {
  const { t } = useTranslation();
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
          {t('common.dismiss')}
        </Button>
      }
    >
      {t('payments.checkoutCancelled')}
    </Banner>
  );
}
