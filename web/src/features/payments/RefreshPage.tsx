import styles from './payments.module.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, refreshOnboardingLink } from '../../api';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { browserNavigation } from '../shell/browser-navigation';

export const REFRESH_FAILED_TEXT = 'Something went wrong!';
/** When the request never got an answer, so there is no reason from the server to show. */
export const REFRESH_UNREACHABLE_TEXT =
  'Backtalk could not be reached to make a new Stripe link. Check your connection and try again.';

/**
 * `/refresh/{accountId}`: Stripe's onboarding link expired; billing makes a new one for the owner.
 * A refusal (an unknown account, another user's, payments not configured) shows spec §8's
 * 'Something went wrong!' with the reason billing gave, 'Try again' and a way back to /creator.
 */
export function RefreshPage() {
  const { accountId = '' } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useCallback(() => {
    setFailure(null);
    refreshOnboardingLink(accountId)
      .then((url) => browserNavigation.leaveTo(url))
      .catch((error: unknown) => {
        console.error('Error creating Stripe onboarding link', error);
        setFailure(
          error instanceof ApiError && !error.isNetworkError ? error.message : REFRESH_UNREACHABLE_TEXT,
        );
      });
  }, [accountId]);
  // Once per visit, under StrictMode too.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask();
  }, [ask]);
  return (
    <div className={`page ${styles['centered']}`}>
      {failure !== null ? (
        <>
          <h1 className={styles['centered__title']}>{REFRESH_FAILED_TEXT}</h1>
          <p role="alert">{failure}</p>
          <div className={styles['centered__actions']}>
            <Button onClick={ask}>Try again</Button>
            <Link className={buttonClass('secondary')} to="/creator">
              Back to Creator Home
            </Link>
          </div>
        </>
      ) : (
        <Spinner label="Opening Stripe…" />
      )}
    </div>
  );
}
