import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { formatMoment } from '../../formatting/date-time';
import { useLocale } from '../../formatting/locale';
import { en } from '../../i18n/locales/en';

/** When Checkout could not be opened and the server gave no words of its own (a network failure). */
export const SUBSCRIBE_FAILED_MESSAGE = en.chat.subscribeFailed;

export const FREE_TIER_NOTE = en.chat.freeTierNote;

/** A demo creator on a server without payments (docs/billing.md, "Demo creators"): said before anyone tries. */
export const DEMO_NOT_SUBSCRIBABLE = en.chat.demoNotSubscribable;

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
  const { t } = useTranslation();
  // The moment names its time zone (formatMoment), in the language shown.
  const locales = useLocale();
  const time = formatMoment(nextAvailableTime, { locales });
  return (
    <Modal
      open={open}
      title={t('chat.limitTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {isGuest ? (
            <Button data-autofocus onClick={onSignUp}>
              {t('common.signUp')}
            </Button>
          ) : demoNotSubscribable ? null : (
            <Button
              data-autofocus
              onClick={onSubscribe}
              pending={subscribing}
              pendingLabel={t('chat.openingPayment')}
            >
              {t('chat.subscribe')}
            </Button>
          )}
        </>
      }
    >
      <p>{time ? t('chat.limitAfter', { time }) : t('chat.limitSubscribe')}</p>
      {demoNotSubscribable ? (
        <p className={styles['subscription-modal__note']} data-testid="demo-not-subscribable">
          {t('chat.demoNotSubscribable')}
        </p>
      ) : (
        <p className={styles['subscription-modal__note']}>{t('chat.freeTierNote')}</p>
      )}
      {subscribeError ? (
        <p className={styles['subscription-modal__error']} role="alert">
          {/* The chat passes the English words when the server gave none: say them in the reader's language. */}
          {subscribeError === SUBSCRIBE_FAILED_MESSAGE ? t('chat.subscribeFailed') : subscribeError}
        </p>
      ) : null}
    </Modal>
  );
}
