import { useState } from 'react';
import { ApiError, startOnboarding, useOnboardingStatusQuery } from '../../api';
import { useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';

/**
 * Spec §8 creator-home errors, shown under the payment button. 'Error fetching updated creator
 * profile' has no case here: billing makes the account and its link in one call and the page
 * reads no creator profile in between.
 */
const ONBOARDING_ERROR_TEXT = {
  notAuthenticated: 'User not authenticated',
  creatorNotFound: 'Creator not found',
  accountFailed: 'Error creating Stripe account',
  linkFailed: 'Error creating Stripe onboarding link',
  noAccountId: 'Stripe account ID not set after creation',
  noUrl: 'No onboarding URL returned from Stripe',
} as const;

/** What the creator reads when onboarding cannot start; `hasAccount`: billing holds their account now. */
function onboardingErrorText(failure: unknown, hasAccount: boolean): string {
  if (!(failure instanceof ApiError) || failure.isNetworkError) {
    return failure instanceof Error && Object.values<string>(ONBOARDING_ERROR_TEXT).includes(failure.message)
      ? failure.message
      : ONBOARDING_ERROR_TEXT.accountFailed;
  }
  if (failure.status === 401) return ONBOARDING_ERROR_TEXT.notAuthenticated;
  if (failure.code === 'CREATOR_NOT_FOUND') return ONBOARDING_ERROR_TEXT.creatorNotFound;
  if (failure.code === 'STRIPE_FAILED')
    return hasAccount ? ONBOARDING_ERROR_TEXT.linkFailed : ONBOARDING_ERROR_TEXT.accountFailed;
  // Anything else in the server's own words (payments not configured names what the operator must do).
  return failure.message;
}

/**
 * 'Start Earning with Stripe' and 'Finish Stripe Onboarding…': billing makes the creator's Connect
 * account (once) and an onboarding link, and the browser goes there.
 */
export function useStartOnboarding() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const status = useOnboardingStatusQuery(userId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    if (!userId) {
      setError(ONBOARDING_ERROR_TEXT.notAuthenticated);
      return;
    }
    setPending(true);
    try {
      const { accountId, url } = await startOnboarding();
      if (!accountId) throw new Error(ONBOARDING_ERROR_TEXT.noAccountId);
      if (!url) throw new Error(ONBOARDING_ERROR_TEXT.noUrl);
      browserNavigation.leaveTo(url);
    } catch (failure) {
      // Stripe failed after the account was made (or it existed): it was the link that failed.
      const stripeFailed = failure instanceof ApiError && failure.code === 'STRIPE_FAILED';
      const hasAccount = stripeFailed && Boolean((await status.refetch().catch(() => null))?.data?.accountId);
      const text = onboardingErrorText(failure, hasAccount);
      console.error(text, failure);
      setError(text);
      setPending(false);
    }
  };
  return { start, pending, error };
}
