import styles from './payments.module.css';
import { useOnboardingStatusQuery } from '../../api';
import { Button } from '../../components/Button';
import { useSessionStore } from '../session';
import { useStartOnboarding } from './useStartOnboarding';

export const FINISH_ONBOARDING_TEXT = 'Finish Stripe Onboarding to collect payments';
const ONBOARDING_CHECK_FAILED_TEXT = 'Error checking onboarding status';

/**
 * The sticky button of `/creator` (spec §2) while the signed-in creator's payment onboarding is
 * incomplete (spec §4: nothing while loading or complete). Place it at the end of the page.
 */
export function FinishOnboardingButton() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const status = useOnboardingStatusQuery(userId);
  const { start, pending, error } = useStartOnboarding();
  if (status.isPending || status.data?.status === 'complete') return null;
  const checkFailed = status.isError || status.data?.status === 'error';
  return (
    <div className={styles['finish']}>
      <Button size="lg" onClick={() => void start()} pending={pending} pendingLabel="Opening Stripe…">
        {FINISH_ONBOARDING_TEXT}
      </Button>
      {error || checkFailed ? (
        <p className={styles['error']} role="alert">
          {error ?? ONBOARDING_CHECK_FAILED_TEXT}
        </p>
      ) : null}
    </div>
  );
}
