import { useState } from 'react';
import { ApiError, startOnboarding } from '../../api';
import { browserNavigation } from '../shell/browser-navigation';

/** Spec §8 creator-home errors, for failures the server did not put into words. */
const STRIPE_ACCOUNT_FAILED_TEXT = 'Error creating Stripe account';
const NO_ONBOARDING_URL_TEXT = 'No onboarding URL returned from Stripe';

/**
 * 'Start Earning with Stripe' and 'Finish Stripe Onboarding…': billing makes the creator's Connect
 * account (once) and an onboarding link, and the browser goes there.
 */
export function useStartOnboarding() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const { url } = await startOnboarding();
      if (!url) throw new Error(NO_ONBOARDING_URL_TEXT);
      browserNavigation.leaveTo(url);
    } catch (failure) {
      console.error(STRIPE_ACCOUNT_FAILED_TEXT, failure);
      setError(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : STRIPE_ACCOUNT_FAILED_TEXT,
      );
      setPending(false);
    }
  };
  return { start, pending, error };
}
