import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, getAuthTest } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/** How the page reports a refusal (spec §8: "A 401 is reported on the auth test page"). */
export function unauthorizedReport(error: unknown): string | null {
  return error instanceof ApiError && error.status === 401 ? `401 Unauthorized: ${error.message}` : null;
}

/**
 * /dev/auth-test (spec §2, §7 authTestFunc): the session as the gateway verified it — user,
 * type, groups and the access token's claims — and a call without a token, which must be refused.
 */
export function AuthTestPage() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const session = useQuery({
    queryKey: ['dev', 'auth-test', userId],
    queryFn: () => getAuthTest(),
    retry: false,
  });
  const anonymous = useMutation({ mutationFn: () => getAuthTest({ withoutToken: true }) });
  return (
    <DevPage title="Auth Test" intro="The current session, as the gateway verified it.">
      {session.isPending ? <Spinner size={32} label="Checking the session" /> : null}
      {session.isError ? (
        <Banner tone="error">{unauthorizedReport(session.error) ?? describeFailure(session.error)}</Banner>
      ) : null}
      {session.data ? (
        <div className={styles['dev-card']}>
          <dl className={styles['dev-pairs']}>
            <dt>User</dt>
            <dd>
              <code>{session.data.actor.userId}</code>
            </dd>
            <dt>Type</dt>
            <dd>{session.data.actor.userType}</dd>
            <dt>Groups</dt>
            <dd>{session.data.actor.groups.length ? session.data.actor.groups.join(', ') : '(none)'}</dd>
            <dt>Expires</dt>
            <dd>{session.data.expiresAt ? new Date(session.data.expiresAt).toLocaleString() : 'unknown'}</dd>
          </dl>
          <h2 className={styles['flags__subtitle']}>Claims</h2>
          <pre className={styles['dev-pre']} aria-label="Claims">
            {JSON.stringify(session.data.claims, null, 2)}
          </pre>
        </div>
      ) : null}
      <div className={styles['dev-actions']}>
        <Button variant="secondary" pending={anonymous.isPending} onClick={() => anonymous.mutate()}>
          Call without a token
        </Button>
      </div>
      {anonymous.isError ? (
        <Banner tone={unauthorizedReport(anonymous.error) ? 'info' : 'error'}>
          {unauthorizedReport(anonymous.error) ?? describeFailure(anonymous.error)}
        </Banner>
      ) : null}
      {anonymous.isSuccess ? (
        <Banner tone="error">The gateway answered a call without a token. It must answer 401.</Banner>
      ) : null}
    </DevPage>
  );
}
