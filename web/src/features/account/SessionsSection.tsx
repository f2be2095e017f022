import { useNavigate } from 'react-router-dom';
import {
  type UserSession,
  useRevokeAllSessionsMutation,
  useRevokeSessionMutation,
  useSessionsQuery,
} from '../../api';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import styles from './account.module.css';
import { describeDevice, errorText, formatWhen } from './account-format';
import { AccountSection } from './AccountSection';

/**
 * The user's active sessions (issue 9 item 6): each browser or device signed in, 'This device' for
 * this one, signing out another one, and 'Sign out everywhere', after which this browser is a guest.
 */
export function SessionsSection({ userId }: { userId: string }) {
  const sessions = useSessionsQuery(userId);
  const revoke = useRevokeSessionMutation(userId);
  const revokeAll = useRevokeAllSessionsMutation();
  const signOut = useSessionStore((state) => state.signOut);
  const refresh = useSessionStore((state) => state.refresh);
  const navigate = useNavigate();

  const signOutEverywhere = () =>
    revokeAll.mutate(undefined, {
      onSuccess: async () => {
        // Every session is gone, this one too: go home first (this page's guard would otherwise send
        // the new guest to /sign-in, racing this navigation), then end the session here as well and
        // carry on as a guest. If the sign-out call fails, a refresh (of a revoked session) restarts
        // as a guest.
        await navigate('/');
        await signOut().catch(() => refresh());
      },
    });

  return (
    <AccountSection
      title="Sessions"
      description="Where your account is signed in. Signing a session out ends it within seconds."
    >
      {sessions.isPending ? (
        <Spinner size={32} label="Loading sessions" />
      ) : sessions.isError ? (
        <div role="alert" className={styles['list-error']}>
          <p>Could not load your sessions: {errorText(sessions.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className={styles['list-empty']}>No active sessions.</p>
      ) : (
        <ul className={styles['list']} aria-label="Active sessions">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              pending={revoke.isPending && revoke.variables === session.id}
              onSignOut={() => revoke.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      {revoke.isError ? (
        <p role="alert" className={styles['field__error']}>
          {errorText(revoke.error)}
        </p>
      ) : null}
      <div className={styles['section__actions']}>
        <Button
          variant="danger"
          onClick={signOutEverywhere}
          pending={revokeAll.isPending}
          pendingLabel="Signing out everywhere…"
        >
          Sign out everywhere
        </Button>
        {revokeAll.isError ? (
          <p role="alert" className={styles['field__error']}>
            {errorText(revokeAll.error)}
          </p>
        ) : null}
      </div>
    </AccountSection>
  );
}

function SessionRow({
  session,
  pending,
  onSignOut,
}: {
  session: UserSession;
  pending: boolean;
  onSignOut(): void;
}) {
  return (
    <li className={styles['list__item']}>
      <div className={styles['list__main']}>
        <p className={styles['list__title']} title={session.userAgent ?? undefined}>
          {describeDevice(session.userAgent)}
          {session.current ? <Badge>This device</Badge> : null}
        </p>
        <p className={styles['list__meta']}>
          Signed in {formatWhen(session.createdAt)} · Last used {formatWhen(session.lastUsedAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={onSignOut}
          pending={pending}
          pendingLabel="Signing out…"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
