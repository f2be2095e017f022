import styles from './chat.module.css';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { formatMoment } from '../../formatting/date-time';

/** When Checkout could not be opened and the server gave no words of its own (a network failure). */
export const SUBSCRIBE_FAILED_MESSAGE =
  'Could not open the payment page. Check your connection and try again.';

export const FREE_TIER_NOTE = 'Free tier users have limited messages. Upgrade for unlimited access.';

/** A demo creator on a server without payments (docs/billing.md, "Demo creators"): said before anyone tries. */
export const DEMO_NOT_SUBSCRIBABLE =
  'This is a demo creator, so it cannot be subscribed to: payments are not set up on this Backtalk server (it has no Stripe key), so nothing can be paid here.';

function limitMessage(nextAvailableTime: string | null): string {
  const time = formatMoment(nextAvailableTime);
  return time
    ? `You've reached your message limit. You can send more messages after ${time}.`
    : "You've reached your message limit. Subscribe to continue chatting without interruption.";
}

export interface SubscriptionModalProps {
  open: boolean;
  nextAvailableTime: string | null;
  /** Guests are offered 'Sign Up', registered users 'Subscribe'. */
  isGuest: boolean;
  onClose(): void;
  onSignUp(): void;
  onSubscribe(): void;
  /** True while the Checkout page is being made. */
  subscribing?: boolean;
  /** Why 'Subscribe' did not go to a payment page, if it did not. */
  subscribeError?: string | null;
  /** A demo creator that cannot be subscribed to here: the dialog says so and offers no Subscribe. */
  demoNotSubscribable?: boolean;
}

/** Shown when the free-tier message limit is reached (spec §4 "Subscription modal", §8). */
export function SubscriptionModal({
  open,
  nextAvailableTime,
  isGuest,
  onClose,
  onSignUp,
  onSubscribe,
  subscribing = false,
  subscribeError = null,
  demoNotSubscribable = false,
}: SubscriptionModalProps) {
  return (
    <Modal
      open={open}
      title="Message limit reached"
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          {isGuest ? (
            <Button data-autofocus onClick={onSignUp}>
              Sign Up
            </Button>
          ) : demoNotSubscribable ? null : (
            <Button
              data-autofocus
              onClick={onSubscribe}
              pending={subscribing}
              pendingLabel="Opening payment…"
            >
              Subscribe
            </Button>
          )}
        </>
      }
    >
      <p>{limitMessage(nextAvailableTime)}</p>
      {demoNotSubscribable ? (
        <p className={styles['subscription-modal__note']} data-testid="demo-not-subscribable">
          {DEMO_NOT_SUBSCRIBABLE}
        </p>
      ) : (
        <p className={styles['subscription-modal__note']}>{FREE_TIER_NOTE}</p>
      )}
      {subscribeError ? (
        <p className={styles['subscription-modal__error']} role="alert">
          {subscribeError}
        </p>
      ) : null}
    </Modal>
  );
}
