import styles from './payments.module.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Spec §9: the redirect after details are submitted. */
export const RETURN_REDIRECT_MS = 3000;

/** `/return/{accountId}`: Stripe sends the creator back here when onboarding's form is done. */
export function ReturnPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    // The status is read again from Stripe on the next page.
    void client.invalidateQueries({ queryKey: ['billing', 'onboarding'] });
    const timer = setTimeout(() => navigate('/?section=stripe'), RETURN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [client, navigate]);
  return (
    <div className={`page ${styles['centered']}`}>
      <h1 className={styles['centered__title']}>Details submitted</h1>
      <p>That&apos;s everything we need for now</p>
      <p className={styles['payments__lead']}>Redirecting you back to the dashboard in 3 seconds...</p>
    </div>
  );
}
