import type { SubscriptionList } from '../../api';
import { i18n } from '../../i18n/i18n';

type Subscription = SubscriptionList['subscriptions'][number];

export interface SubscriptionLine {
  /** 'Active', 'Not renewing' (cancelled or a renewal failed; paid to the end date) or 'Ended'. */
  status: string;
  /** '$10.00 / month', in the reader's locale. */
  price: string;
  /** 'Renews on …', 'Ends on …' or 'Ended on …'. */
  date: string;
}

/**
 * What `/account/subscriptions` says of one subscription (docs/billing.md, "My subscriptions"):
 * its state in a word, its monthly price and its next renewal or end date: words in the app's
 * language (i18next), the date and money in `locales` (default: the browser's).
 */
export function subscriptionLine(subscription: Subscription, locales?: string | string[]): SubscriptionLine {
  const day = new Intl.DateTimeFormat(locales, { dateStyle: 'medium' }).format(
    new Date(subscription.endDate),
  );
  const money = new Intl.NumberFormat(locales, {
    style: 'currency',
    currency: subscription.price.currency.toUpperCase(),
  }).format(subscription.price.amount / 100);
  const t = i18n.t.bind(i18n);
  const price = t('payments.perMonth', { money });
  if (!subscription.active)
    return { status: t('payments.statusEnded'), price, date: t('payments.endedOn', { day }) };
  if (subscription.renews)
    return { status: t('payments.statusActive'), price, date: t('payments.renewsOn', { day }) };
  // Cancelled in the portal, or a renewal payment failed: paid access runs to the end date.
  return { status: t('payments.statusNotRenewing'), price, date: t('payments.endsOn', { day }) };
}
