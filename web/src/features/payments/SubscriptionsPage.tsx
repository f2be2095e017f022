import styles from './payments.module.css';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type Creator,
  createPortal,
  getCreator,
  type SubscriptionList,
  useSubscriptionsQuery,
} from '../../api';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';
import { subscriptionLine } from './subscription-line';

export const SUBSCRIPTIONS_TITLE = 'My subscriptions';
export const SUBSCRIPTIONS_EMPTY_TEXT = 'You don’t subscribe to any creator yet.';
export const SUBSCRIPTIONS_FAILED_TEXT = 'Could not load your subscriptions.';
const BILLING_FAILED_TEXT = 'Could not open billing. Try again in a moment.';
const GONE_CREATOR = 'A creator no longer on Backtalk';

/**
 * `/account/subscriptions` (docs/billing.md, "My subscriptions"): each creator the fan subscribes
 * to, with status, price and the next renewal or end date, and 'Manage billing' (Stripe's portal,
 * coming back here). Billing answers for the caller only.
 */
export function SubscriptionsPage() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const list = useSubscriptionsQuery(userId);
  const [billingError, setBillingError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  const openBilling = async () => {
    setBillingError(null);
    setOpening(true);
    try {
      browserNavigation.leaveTo(await createPortal('/account/subscriptions'));
    } catch (error) {
      console.error('Error opening the billing portal', error);
      setBillingError(error instanceof Error && error.message ? error.message : BILLING_FAILED_TEXT);
      setOpening(false);
    }
  };

  return (
    <div className={`page ${styles['payments']}`}>
      <div>
        <h1 className={styles['payments__title']}>{SUBSCRIPTIONS_TITLE}</h1>
        <p className={styles['payments__lead']}>The creators you subscribe to, and what each costs.</p>
      </div>
      {list.isPending ? (
        <Spinner label="Loading your subscriptions" />
      ) : list.isError ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {SUBSCRIPTIONS_FAILED_TEXT}
        </Banner>
      ) : (
        <>
          {list.data.subscriptions.length === 0 ? (
            <section className={styles['card']}>
              <p className={styles['card__text']}>{SUBSCRIPTIONS_EMPTY_TEXT}</p>
              <div className={styles['card__actions']}>
                <Link className={buttonClass('primary', 'sm')} to="/ai-chat">
                  Find a creator
                </Link>
              </div>
            </section>
          ) : (
            <SubscriptionRows subscriptions={list.data.subscriptions} />
          )}
          {list.data.canManageBilling ? (
            <section className={styles['card']}>
              <h2 className={styles['card__title']}>Billing</h2>
              <p className={styles['card__text']}>
                Cancel a subscription, change your card or see your invoices on Stripe.
              </p>
              <div className={styles['card__actions']}>
                <Button onClick={() => void openBilling()} disabled={opening} aria-busy={opening}>
                  Manage billing
                </Button>
              </div>
              {billingError ? <Banner tone="error">{billingError}</Banner> : null}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

function SubscriptionRows({ subscriptions }: { subscriptions: SubscriptionList['subscriptions'] }) {
  const creators = useQueries({
    queries: subscriptions.map(({ creatorId }) => ({
      queryKey: ['creators', 'by-id', creatorId],
      queryFn: ({ signal }: { signal: AbortSignal }) => getCreator(creatorId, signal),
      retry: false,
    })),
  });
  return (
    <ul className={styles['subscriptions']} aria-label="Subscriptions">
      {subscriptions.map((subscription, index) => {
        const line = subscriptionLine(subscription);
        const query = creators[index];
        const creator: Creator | undefined = query?.data;
        const name = creator?.nickName ?? (query?.isError ? GONE_CREATOR : 'Loading…');
        return (
          <li key={subscription.creatorId} className={`${styles['card']} ${styles['subscription']}`}>
            <Avatar src={creator?.thumb ?? null} name={name} size={48} />
            <div className={styles['subscription__text']}>
              <h2 className={styles['card__title']}>
                {creator ? <Link to={`/@${creator.handle}`}>{name}</Link> : name} <Badge>{line.status}</Badge>
              </h2>
              <p className={styles['card__text']}>
                {line.price} · {line.date}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
