import styles from './payments.module.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentSubscriptionCreatorQuery, useSubscriptionsQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { en } from '../../i18n/locales/en';
import { useSessionStore } from '../session';
import {
  type CheckoutReturnState,
  CONFIRM_POLL_FOR_MS,
  CONFIRM_POLL_INTERVAL_MS,
  forgetCheckout,
  type PaymentReturn,
  paymentConfirmed,
  rememberedCheckout,
} from './payment-return';

export const CONFIRMING_TEXT = en.payments.confirming;
export const NOT_CONFIRMED_TITLE = en.payments.notConfirmedTitle;

/** `/` on a return from Stripe Checkout (spec §2; docs/billing.md, "Coming back from Checkout"). */
export function PaymentReturnView({ kind }: { kind: PaymentReturn }) {
  return kind === 'success' ? <ConfirmingPayment /> : <CheckoutCancelled />;
}

/**
 * The success return: asks billing until the webhook's subscription is there, then opens the
 * creator's chat; after CONFIRM_POLL_FOR_MS it says what to do instead.
 */
function ConfirmingPayment() {
  const { t } = useTranslation();
  const status = useSessionStore((state) => state.status);
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const checkout = useMemo(() => rememberedCheckout(), []);
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [round]);
  const signedIn = status === 'authenticated';
  const list = useSubscriptionsQuery(signedIn ? userId : null, {
    pollEveryMs: timedOut ? 0 : CONFIRM_POLL_INTERVAL_MS,
  });
  const confirmed = paymentConfirmed(list.data, checkout);
  // Without a remembered creator (another tab opened Checkout), the latest active subscription's.
  const current = useCurrentSubscriptionCreatorQuery(confirmed && !checkout ? list.data : undefined);
  const handle = confirmed ? (checkout?.handle ?? current.data?.handle) : undefined;
  const navigate = useNavigate();
  useEffect(() => {
    if (!handle) return;
    forgetCheckout();
    navigate(`/@${handle}`, { replace: true });
  }, [handle, navigate]);

  if (status !== 'loading' && !signedIn) {
    return (
      <div className={`page ${styles['centered']}`}>
        <h1 className={styles['centered__title']}>{t('payments.notConfirmedTitle')}</h1>
        <p>{t('payments.signInToSee')}</p>
        <Link className={buttonClass('primary')} to="/sign-in">
          {t('common.signIn')}
        </Link>
      </div>
    );
  }
  if (!timedOut || confirmed) {
    return (
      <div className={`page ${styles['centered']}`}>
        <Spinner label={t('payments.confirming')} />
        <h1 className={styles['centered__title']}>{t('payments.confirming')}</h1>
        <p className={styles['payments__lead']}>{t('payments.confirmingText')}</p>
      </div>
    );
  }
  return (
    <div className={`page ${styles['centered']}`}>
      <h1 className={styles['centered__title']}>{t('payments.notConfirmedTitle')}</h1>
      <p>{t('payments.notConfirmedText')}</p>
      <div className={styles['centered__actions']}>
        <Button
          onClick={() => {
            setTimedOut(false);
            setRound((value) => value + 1);
            void list.refetch();
          }}
        >
          {t('payments.checkAgain')}
        </Button>
        <Link className={buttonClass('secondary')} to="/account/subscriptions">
          {t('payments.subscriptionsTitle')}
        </Link>
        {checkout ? (
          <Link className={buttonClass('secondary')} to={`/@${checkout.handle}`}>
            {t('payments.backToChat')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The cancel return: back to the chat the Checkout was opened from, which says nothing was charged. */
function CheckoutCancelled() {
  const { t } = useTranslation();
  const checkout = useMemo(() => rememberedCheckout(), []);
  const navigate = useNavigate();
  useEffect(() => {
    if (!checkout) return;
    forgetCheckout();
    const state: CheckoutReturnState = { checkoutCancelled: true };
    navigate(`/@${checkout.handle}`, { replace: true, state });
  }, [checkout, navigate]);
  if (checkout) return <Spinner label={t('payments.goingBack')} />;
  // Checkout opened in another tab: this one does not know which chat it came from.
  return (
    <div className={`page ${styles['centered']}`}>
      <Banner>{t('payments.checkoutCancelled')}</Banner>
      <div className={styles['centered__actions']}>
        <Link className={buttonClass('primary')} to="/ai-chat">
          {t('payments.backToCreators')}
        </Link>
      </div>
    </div>
  );
}
