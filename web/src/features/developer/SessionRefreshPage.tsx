import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { getAuthTest } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { useSessionStore } from '../session';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/**
 * /dev/sesh-refresh: forces a token refresh (spec §7 "session (with force refresh)") and shows
 * the new access token's expiry, as the gateway reads it from the new token.
 */
export function SessionRefreshPage() {
  const refresh = useSessionStore((state) => state.refresh);
  const [before, setBefore] = useState<string | null>(null);
  const forced = useMutation({
    mutationFn: async () => {
      setBefore((await getAuthTest().catch(() => null))?.expiresAt ?? null);
      const token = await refresh();
      if (!token) throw new Error('The session could not be refreshed; a new guest session was started.');
      return getAuthTest();
    },
  });
  return (
    <DevPage title="Session Refresh" intro="Rotates the session's tokens through the refresh cookie now.">
      <div className={styles['dev-actions']}>
        <Button pending={forced.isPending} pendingLabel="Refreshing…" onClick={() => forced.mutate()}>
          Refresh session
        </Button>
      </div>
      {forced.data ? (
        <div className={styles['dev-card']} role="status">
          <dl className={styles['dev-pairs']}>
            <dt>Previous expiry</dt>
            <dd>{before ? new Date(before).toLocaleString() : 'unknown'}</dd>
            <dt>New expiry</dt>
            <dd data-testid="new-expiry">
              {forced.data.expiresAt ? new Date(forced.data.expiresAt).toLocaleString() : 'unknown'}
            </dd>
          </dl>
        </div>
      ) : null}
      {forced.isError ? <Banner tone="error">{describeFailure(forced.error)}</Banner> : null}
    </DevPage>
  );
}
