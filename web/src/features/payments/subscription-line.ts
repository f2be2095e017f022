import type { SubscriptionList } from '../../api';

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
 * its state in a word, its monthly price and its next renewal or end date, in `locales`.
 */
export function subscriptionLine(subscription: Subscription, locales?: string | string[]): SubscriptionLine {
  const day = new Intl.DateTimeFormat(locales, { dateStyle: 'medium' }).format(
    new Date(subscription.endDate),
  );
  const money = new Intl.NumberFormat(locales, {
    style: 'currency',
    currency: subscription.price.currency.toUpperCase(),
  }).format(subscription.price.amount / 100);
  const price = `${money} / month`;
  if (!subscription.active) return { status: 'Ended', price, date: `Ended on ${day}` };
  if (subscription.renews) return { status: 'Active', price, date: `Renews on ${day}` };
  // Cancelled in the portal, or a renewal payment failed: paid access runs to the end date.
  return { status: 'Not renewing', price, date: `Ends on ${day}` };
}
