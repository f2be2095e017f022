import type { PriceSplit } from '@backtalk/proto';

/** Stripe's standard US card price: 2.9% + 30¢ per successful charge (an estimate; cards abroad cost more). */
const STRIPE_PERCENT = 2.9;
const STRIPE_FIXED_CENTS = 30;

/** `percent` of `amount` cents, to the nearest cent, a half cent up (amounts are never negative). */
const percentOf = (amount: number, percent: number): number => Math.round((amount * percent) / 100);

/**
 * The platform's application fee on a payment of `amount` cents, rounded as above. The
 * creator's share is the rest, so the two always add up to the price. Stripe computes each
 * invoice's fee itself from `application_fee_percent`; billing records the invoice's own
 * `application_fee_amount` when Stripe sends it, and this only when it does not.
 */
export function platformFeeOf(amount: number, platformFeePercent: number): number {
  return percentOf(amount, platformFeePercent);
}

/**
 * What a fan's monthly payment becomes. With a destination charge the connected account
 * receives the price minus the application fee, and Stripe takes its processing fee from
 * the platform's side (docs/billing.md, "How money flows"). Stripe's fee is estimated the same
 * way: 2.9% rounded to the nearest cent, plus 30¢.
 */
export function priceSplit(pricePerSubscription: number, platformFeePercent: number): PriceSplit {
  const platformFee = platformFeeOf(pricePerSubscription, platformFeePercent);
  return {
    pricePerSubscription,
    currency: 'usd',
    platformFeePercent,
    platformFee,
    stripeFeeEstimate: percentOf(pricePerSubscription, STRIPE_PERCENT) + STRIPE_FIXED_CENTS,
    creatorShare: pricePerSubscription - platformFee,
  };
}
