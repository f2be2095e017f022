import { defaultMessageFor, ErrorCode, MIN_SUBSCRIPTION_PRICE_CENTS } from '@backtalk/proto';

/** What 'Subscribe' depends on, read before anything is made at Stripe. */
export interface CheckoutFacts<Account extends { onboardingComplete: boolean }> {
  /** The fan has an account (a guest is sent to sign up). */
  signedIn: boolean;
  /** Billing has a Stripe key. */
  paymentsConfigured: boolean;
  /** The creator's connected account, once 'Start Earning with Stripe' made one. */
  account: Account | null;
  /** The creator's monthly price in cents (the default when never set). */
  pricePerSubscription: number;
  /** The fan has an active subscription to the creator already (spec §5). */
  alreadySubscribed: boolean;
}

export type CheckoutVerdict<Account> =
  { ok: true; account: Account } | { ok: false; code: ErrorCode; message: string };

const refuse = (code: ErrorCode, message = defaultMessageFor(code)) =>
  ({ ok: false, code, message }) as const;

/**
 * Whether a fan may open Checkout for a creator (spec §5 payment rules), with the spec's words
 * when not; ok names the account the payment goes to. The creator can take payments only once
 * Stripe lets their account charge (onboardingComplete: charges enabled and details submitted,
 * as billing last observed it); before that, Stripe would refuse the session (STRIPE_FAILED)
 * instead of the fan being told the creator is not set up.
 */
export function checkoutPrecondition<Account extends { onboardingComplete: boolean }>(
  facts: CheckoutFacts<Account>,
): CheckoutVerdict<Account> {
  if (!facts.signedIn) return refuse(ErrorCode.Forbidden, 'Sign up or sign in to subscribe to this creator.');
  if (!facts.paymentsConfigured) return refuse(ErrorCode.PaymentsNotConfigured);
  const { account } = facts;
  if (!account?.onboardingComplete) return refuse(ErrorCode.CreatorCannotAcceptPayments);
  if (facts.pricePerSubscription < MIN_SUBSCRIPTION_PRICE_CENTS) return refuse(ErrorCode.CreatorPriceInvalid);
  if (facts.alreadySubscribed)
    return refuse(
      ErrorCode.Conflict,
      'You already subscribe to this creator. Manage your subscription from Manage Billing.',
    );
  return { ok: true, account };
}
