import styles from './payments.module.css';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentSubscriptionCreatorQuery, useSubscriptionsQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import {
  CHECKOUT_CANCELLED_TEXT,
  type CheckoutReturnState,
  CONFIRM_POLL_FOR_MS,
  CONFIRM_POLL_INTERVAL_MS,
  forgetCheckout,
  type PaymentReturn,
  paymentConfirmed,
  rememberedCheckout,
} from './payment-return';

export const CONFIRMING_TEXT = 'Confirming your payment…';
export const NOT_CONFIRMED_TITLE = 'Your payment is not confirmed yet';
const NOT_CONFIRMED_TEXT =
  'Stripe has not told Backtalk about your payment yet. It usually takes a few seconds, sometimes a few minutes. Please don’t pay again: check again in a moment, or look at My subscriptions later. If it is still missing after an hour, open Manage billing in the account menu to see what Stripe charged.';

/** `/` on a return from Stripe Checkout (spec §2; docs/billing.md, "Coming back from Checkout"). */
export function PaymentReturnView({ kind }: { kind: PaymentReturn }) {
  return kind === 'success' ? <ConfirmingPayment /> : <CheckoutCancelled />;
}

/**
 * The success return: asks billing until the webhook's subscription is there, then opens the
 * creator's chat; after CONFIRM_POLL_FOR_MS it says what to do instead.
 */
function ConfirmingPayment() {
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
        <h1 className={styles['centered__title']}>{NOT_CONFIRMED_TITLE}</h1>
        <p>Sign in with the account you paid with to see your subscription.</p>
        <Link className={buttonClass('primary')} to="/sign-in">
          Sign In
        </Link>
      </div>
    );
  }
  if (!timedOut || confirmed) {
    return (
      <div className={`page ${styles['centered']}`}>
        <Spinner label={CONFIRMING_TEXT} />
        <h1 className={styles['centered__title']}>{CONFIRMING_TEXT}</h1>
        <p className={styles['payments__lead']}>
          Stripe took your payment details; we are waiting for its confirmation. This page moves on by itself.
        </p>
      </div>
    );
  }
  return (
    <div className={`page ${styles['centered']}`}>
      <h1 className={styles['centered__title']}>{NOT_CONFIRMED_TITLE}</h1>
      <p>{NOT_CONFIRMED_TEXT}</p>
      <div className={styles['centered__actions']}>
        <Button
          onClick={() => {
            setTimedOut(false);
            setRound((value) => value + 1);
            void list.refetch();
          }}
        >
          Check again
        </Button>
        <Link className={buttonClass('secondary')} to="/account/subscriptions">
          My subscriptions
        </Link>
        {checkout ? (
          <Link className={buttonClass('secondary')} to={`/@${checkout.handle}`}>
            Back to the chat
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The cancel return: back to the chat the Checkout was opened from, which says nothing was charged. */
function CheckoutCancelled() {
  const checkout = useMemo(() => rememberedCheckout(), []);
  const navigate = useNavigate();
  useEffect(() => {
    if (!checkout) return;
    forgetCheckout();
    const state: CheckoutReturnState = { checkoutCancelled: true };
    navigate(`/@${checkout.handle}`, { replace: true, state });
  }, [checkout, navigate]);
  if (checkout) return <Spinner label="Going back to the chat" />;
  // Checkout opened in another tab: this one does not know which chat it came from.
  return (
    <div className={`page ${styles['centered']}`}>
      <Banner>{CHECKOUT_CANCELLED_TEXT}</Banner>
      <div className={styles['centered__actions']}>
        <Link className={buttonClass('primary')} to="/ai-chat">
          Back to the creators
        </Link>
      </div>
    </div>
  );
}
