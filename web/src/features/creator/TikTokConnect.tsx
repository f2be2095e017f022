import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError, startTikTokConnection } from '../../api';
import { Button } from '../../components/Button';
import { browserNavigation } from '../shell/browser-navigation';
import { useTikTokConnectionQuery, useTikTokDisconnect } from './useCreatorQueries';
import styles from './creator.module.css';

/** What TikTok's redirect back (`/creator/verify?tiktok=…`) means, in words. */
const RETURN_TEXT = {
  connected: 'Your TikTok account is connected.',
  denied: 'Connecting TikTok was cancelled. Connect again when you are ready.',
  unavailable: 'TikTok could not finish connecting your account. Try again in a minute.',
} as const;

/**
 * The TikTok API provider (docs/creators.md): the user connects their TikTok account through
 * TikTok's Login Kit, after which their profile and videos are read live from TikTok. Shown
 * only when the server has the provider configured.
 */
export function TikTokConnect() {
  const [params] = useSearchParams();
  const connection = useTikTokConnectionQuery(true);
  const disconnect = useTikTokDisconnect();
  const connect = useMutation({
    mutationFn: startTikTokConnection,
    onSuccess: (authorizationUrl) => browserNavigation.leaveTo(authorizationUrl),
  });
  const returned = params.get('tiktok');
  const returnText =
    returned === 'connected'
      ? RETURN_TEXT.connected
      : returned === 'error'
        ? params.get('reason') === 'denied'
          ? RETURN_TEXT.denied
          : RETURN_TEXT.unavailable
        : null;
  const connected = connection.data?.connection ?? null;

  return (
    <div className={styles['field']} data-testid="tiktok-connect">
      <span className={styles['label']}>TikTok account</span>
      {returnText && !(returned === 'connected' && !connected) ? (
        <p className={returned === 'connected' ? styles['success'] : styles['error']} role="status">
          {returnText}
        </p>
      ) : null}
      {connection.isPending ? <p className={styles['hint']}>Loading...</p> : null}
      {connection.isError ? <p className={styles['error']}>Could not load your TikTok connection.</p> : null}
      {connected ? (
        <>
          <p className={styles['hint']}>
            Connected as @{connected.username}
            {connected.displayName ? ` (${connected.displayName})` : ''}. Use @{connected.username} as your
            TikTok user ID above.
          </p>
          <div className={styles['row']}>
            <Button
              onClick={() => disconnect.mutate()}
              pending={disconnect.isPending}
              pendingLabel="Disconnecting..."
            >
              Disconnect TikTok
            </Button>
          </div>
        </>
      ) : null}
      {connection.data && !connected ? (
        <>
          <p className={styles['hint']}>
            Sign in with TikTok so we can read your profile and videos from TikTok directly.
          </p>
          <div className={styles['row']}>
            <Button
              onClick={() => connect.mutate()}
              pending={connect.isPending || connect.isSuccess}
              pendingLabel="Connecting..."
            >
              Connect TikTok
            </Button>
          </div>
        </>
      ) : null}
      {connect.isError || disconnect.isError ? (
        <p className={styles['error']} role="alert">
          {(connect.error ?? disconnect.error) instanceof ApiError
            ? (connect.error ?? disconnect.error)!.message
            : 'TikTok could not be reached. Try again in a minute.'}
        </p>
      ) : null}
    </div>
  );
}
