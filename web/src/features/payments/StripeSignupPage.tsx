import styles from './payments.module.css';
import { Button } from '../../components/Button';
import { useStartOnboarding } from './useStartOnboarding';

/** `/creator/stripe-signup` (spec §2): the start of Stripe Connect onboarding. */
export function StripeSignupPage() {
  const { start, pending, error } = useStartOnboarding();
  return (
    <div className={`page ${styles['centered']}`}>
      <h1 className={styles['centered__title']}>Get paid for your AI chat</h1>
      <p className={styles['payments__lead']}>
        Fans subscribe to chat with your persona without limits. Stripe pays your share out to your bank
        account; it asks a few questions about you first.
      </p>
      <Button size="lg" onClick={() => void start()} pending={pending} pendingLabel="Opening Stripe…">
        Start Earning with Stripe
      </Button>
      {error ? (
        <p className={styles['error']} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
