import { useMutation, useQuery } from '@tanstack/react-query';
import { createDashboardLink, getOnboardingStatus, startOnboarding } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/**
 * /dev/stripe, the payment dashboard debug panel (spec §2): the signed-in creator's Connect
 * account as billing knows it, 'Create Stripe Account' (billing makes it once and answers the
 * onboarding link) and 'Open Stripe Dashboard' (a login link).
 */
export function StripeDebugPage() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const status = useQuery({
    queryKey: ['dev', 'stripe', userId],
    queryFn: ({ signal }) => getOnboardingStatus(signal),
    enabled: userId !== null,
    retry: false,
  });
  const create = useMutation({ mutationFn: startOnboarding, onSuccess: () => void status.refetch() });
  const dashboard = useMutation({
    mutationFn: createDashboardLink,
    onSuccess: (url) => browserNavigation.leaveTo(url),
  });
  return (
    <DevPage
      title="Payment Dashboard"
      intro="Debug panel for the signed-in creator's Stripe Connect account."
    >
      <div className={styles['dev-card']}>
        <h2 className={styles['flags__subtitle']}>Onboarding status</h2>
        {status.isPending ? <Spinner size={32} label="Loading onboarding status" /> : null}
        {status.isError ? <Banner tone="error">{describeFailure(status.error)}</Banner> : null}
        {status.data ? (
          <dl className={styles['dev-pairs']}>
            <dt>Account</dt>
            <dd>{status.data.accountId ?? 'none yet'}</dd>
            <dt>Status</dt>
            <dd>{status.data.status}</dd>
            {status.data.message ? (
              <>
                <dt>Message</dt>
                <dd>{status.data.message}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
      <div className={styles['dev-actions']}>
        <Button pending={create.isPending} pendingLabel="Creating…" onClick={() => create.mutate()}>
          Create Stripe Account
        </Button>
        <Button
          variant="secondary"
          pending={dashboard.isPending}
          pendingLabel="Opening…"
          onClick={() => dashboard.mutate()}
        >
          Open Stripe Dashboard
        </Button>
      </div>
      {create.data ? (
        <Banner tone="info">
          Account {create.data.accountId}. Onboarding link: <a href={create.data.url}>{create.data.url}</a>
        </Banner>
      ) : null}
      {create.isError ? <Banner tone="error">{describeFailure(create.error)}</Banner> : null}
      {dashboard.isError ? <Banner tone="error">{describeFailure(dashboard.error)}</Banner> : null}
    </DevPage>
  );
}
