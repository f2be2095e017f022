import type { PriceSplit } from '@backtalk/proto';

/** Stripe's standard US card price: 2.9% + 30¢ per successful charge (an estimate; cards abroad cost more). */
const STRIPE_PERCENT = 2.9;
const STRIPE_FIXED_CENTS = 30;

/**
 * What a fan's monthly payment becomes. With a destination charge the connected account
 * receives the price minus the application fee, and Stripe takes its processing fee from
 * the platform's side (docs/billing.md, "How money flows").
 */
export function priceSplit(pricePerSubscription: number, platformFeePercent: number): PriceSplit {
  const platformFee = Math.round((pricePerSubscription * platformFeePercent) / 100);
  return {
    pricePerSubscription,
    currency: 'usd',
    platformFeePercent,
    platformFee,
    stripeFeeEstimate: Math.round((pricePerSubscription * STRIPE_PERCENT) / 100) + STRIPE_FIXED_CENTS,
    creatorShare: pricePerSubscription - platformFee,
  };
}
