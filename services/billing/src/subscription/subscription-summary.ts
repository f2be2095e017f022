import type { UserSubscription } from '@backtalk/proto';
import type { SubscriptionState } from './subscription-state';

/** Stripe states in which Stripe charges again at the end of the period. */
const RENEWING = new Set(['active', 'trialing']);

/** A fan's subscription as stored, with what billing knows of its price. */
export interface SubscriptionRow extends Pick<
  SubscriptionState,
  'creatorId' | 'status' | 'startDate' | 'endDate' | 'stripeStatus' | 'canceledAt'
> {
  /** The latest payment of the subscription (cents and currency); null: none recorded yet. */
  lastPayment: { amount: number; currency: string } | null;
  /** The creator's current monthly price in cents (the default when never set). */
  creatorPrice: number;
}

/**
 * One line of `/account/subscriptions` (docs/billing.md, "My subscriptions"): spec §5's active
 * (status active, endDate in the future); whether it renews at endDate (active, Stripe still
 * charging, not cancelled) or ends then; and the price — what the fan last paid, else the
 * creator's price (in USD, the currency Checkout charges in).
 */
export function subscriptionSummary(row: SubscriptionRow, now: Date): UserSubscription {
  const active = row.status === 'active' && row.endDate.getTime() > now.getTime();
  return {
    creatorId: row.creatorId,
    status: row.status,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    active,
    renews: active && row.canceledAt === null && RENEWING.has(row.stripeStatus ?? 'active'),
    price: row.lastPayment ?? { amount: row.creatorPrice, currency: 'usd' },
  };
}
