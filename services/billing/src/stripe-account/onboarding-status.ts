import type { OnboardingStatusReply } from '@backtalk/proto';
import { type ObjectVersion, supersedes } from '../webhook-event/object-version';

/** The facts of a Stripe connected account that onboarding depends on (Stripe's own field names). */
export interface StripeAccountFacts {
  charges_enabled: boolean;
  details_submitted: boolean;
}

/** Spec §4: onboarding is complete when Stripe can charge for the account and its details are in. */
export function onboardingCompleteOf(account: StripeAccountFacts): boolean {
  return account.charges_enabled && account.details_submitted;
}

/** What Stripe answered when asked about the account, or why asking failed. */
export type StripeAccountCheck = { complete: boolean } | { failed: string };

type OnboardingAnswer = Omit<OnboardingStatusReply, 'accountId'>;
interface OnboardingFacts {
  demoAccount: boolean;
  account: { stripeAccountId: string; onboardingComplete: boolean } | null;
}

/**
 * Spec §4 "Onboarding status": complete for a demo account, a stored onboardingComplete, or
 * Stripe saying so; incomplete without an account, or when Stripe says not yet; error (with
 * the reason) when asking Stripe fails. `askStripe`: billing's records do not say — ask Stripe
 * about that account, then call again with its answer. (The web's `loading` is its own
 * query's pending state.)
 */
export function onboardingStatus(facts: OnboardingFacts & { stripe: StripeAccountCheck }): OnboardingAnswer;
export function onboardingStatus(
  facts: OnboardingFacts & { stripe: null },
): OnboardingAnswer | { askStripe: string };
export function onboardingStatus(
  facts: OnboardingFacts & { stripe: StripeAccountCheck | null },
): OnboardingAnswer | { askStripe: string } {
  const { demoAccount, account, stripe } = facts;
  if (demoAccount || account?.onboardingComplete) return { status: 'complete' };
  if (!account) return { status: 'incomplete' };
  if (!stripe) return { askStripe: account.stripeAccountId };
  if ('failed' in stripe) return { status: 'error', message: stripe.failed };
  return { status: stripe.complete ? 'complete' : 'incomplete' };
}

/**
 * One reading of an account's onboarding: an `account.updated` event (its `created` time) or
 * the status check asking Stripe (when it asked).
 */
export interface OnboardingObservation {
  stripeAccountId: string;
  complete: boolean;
  observedAt: Date;
  source: 'event' | 'status-check';
}

/**
 * Where an observation stands among the account's others. Events of the same second apply in
 * the order of onboarding (incomplete, then complete), as subscriptions' do. Stripe's `created`
 * is in whole seconds, so a status check counts from the start of the second it asked in and
 * gives way to any event of that second: the event may describe a change the check did not see.
 */
export function versionOf(observation: OnboardingObservation): ObjectVersion {
  if (observation.source === 'status-check') {
    const second = Math.floor(observation.observedAt.getTime() / 1000) * 1000;
    return { observedAt: new Date(second), rank: -1 };
  }
  return { observedAt: observation.observedAt, rank: observation.complete ? 1 : 0 };
}

export type OnboardingRecorded = 'recorded' | 'stale' | 'unknown-account';

/**
 * Whether an observation changes the stored onboardingComplete: not when an observation of a
 * later moment is stored already (a status check that asked Stripe before an `account.updated`
 * that disabled charges cannot set it back), and not for an account billing does not know
 * (yet: an event can overtake billing storing the account Stripe just created).
 */
export function onboardingRecordOf(
  stored: { accountKnown: boolean; version: ObjectVersion | null },
  observation: OnboardingObservation,
): OnboardingRecorded {
  if (!supersedes(versionOf(observation), stored.version)) return 'stale';
  return stored.accountKnown ? 'recorded' : 'unknown-account';
}
