import styles from './payments.module.css';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { refreshOnboardingLink } from '../../api';
import { Spinner } from '../../components/Spinner';
import { browserNavigation } from '../shell/browser-navigation';

export const REFRESH_FAILED_TEXT = 'Something went wrong!';

/** `/refresh/{accountId}`: Stripe's onboarding link expired; billing makes a new one for the owner. */
export function RefreshPage() {
  const { accountId = '' } = useParams();
  const [failed, setFailed] = useState(false);
  // Once per visit, under StrictMode too.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    refreshOnboardingLink(accountId)
      .then((url) => browserNavigation.leaveTo(url))
      .catch((error: unknown) => {
        console.error('Error creating Stripe onboarding link', error);
        setFailed(true);
      });
  }, [accountId]);
  return (
    <div className={`page ${styles['centered']}`}>
      {failed ? (
        <h1 className={styles['centered__title']} role="alert">
          {REFRESH_FAILED_TEXT}
        </h1>
      ) : (
        <Spinner label="Opening Stripe…" />
      )}
    </div>
  );
}
