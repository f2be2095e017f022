import styles from './payments.module.css';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import { useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';
import { useLocale } from '../../formatting/locale';
import { subscriptionLine } from './subscription-line';

export const SUBSCRIPTIONS_TITLE = en.payments.subscriptionsTitle;
export const SUBSCRIPTIONS_EMPTY_TEXT = en.payments.subscriptionsEmpty;
export const SUBSCRIPTIONS_FAILED_TEXT = en.payments.subscriptionsFailed;

/**
 * `/account/subscriptions` (docs/billing.md, "My subscriptions"): each creator the fan subscribes
 * to, with status, price and the next renewal or end date, and 'Manage billing' (Stripe's portal,
 * coming back here). Billing answers for the caller only.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
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
      setBillingError(
        error instanceof Error && error.message ? error.message : i18n.t('payments.billingFailed'),
      );
      setOpening(false);
    }
  };

  return (
    <div className={`page ${styles['payments']}`}>
      <div>
        <h1 className={styles['payments__title']}>{t('payments.subscriptionsTitle')}</h1>
        <p className={styles['payments__lead']}>{t('payments.subscriptionsLead')}</p>
      </div>
      {list.isPending ? (
        <Spinner label={t('payments.subscriptionsLoading')} />
      ) : list.isError ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          {t('payments.subscriptionsFailed')}
        </Banner>
      ) : (
        <>
          {list.data.subscriptions.length === 0 ? (
            <section className={styles['card']}>
              <p className={styles['card__text']}>{t('payments.subscriptionsEmpty')}</p>
              <div className={styles['card__actions']}>
                <Link className={buttonClass('primary', 'sm')} to="/ai-chat">
                  {t('payments.findCreator')}
                </Link>
              </div>
            </section>
          ) : (
            <SubscriptionRows subscriptions={list.data.subscriptions} />
          )}
          {list.data.canManageBilling ? (
            <section className={styles['card']}>
              <h2 className={styles['card__title']}>{t('payments.billing')}</h2>
              <p className={styles['card__text']}>{t('payments.billingText')}</p>
              <div className={styles['card__actions']}>
                <Button onClick={() => void openBilling()} disabled={opening} aria-busy={opening}>
                  {t('payments.manageBilling')}
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
  const { t } = useTranslation();
  const locale = useLocale();
  const creators = useQueries({
    queries: subscriptions.map(({ creatorId }) => ({
      queryKey: ['creators', 'by-id', creatorId],
      queryFn: ({ signal }: { signal: AbortSignal }) => getCreator(creatorId, signal),
      retry: false,
    })),
  });
  return (
    <ul className={styles['subscriptions']} aria-label={t('payments.listLabel')}>
      {subscriptions.map((subscription, index) => {
        const line = subscriptionLine(subscription, locale);
        const query = creators[index];
        const creator: Creator | undefined = query?.data;
        const name = creator?.nickName ?? (query?.isError ? t('payments.goneCreator') : t('common.loading'));
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
