import { useQuery } from '@tanstack/react-query';
import { ApiError, getVerificationKey } from '../../api';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/** Spec §6, word for word. */
export const VERIFICATION_KEYS_DENIED_TEXT =
  'Access denied - this page is restricted to authorized users only';

/** /dev/verification-keys: the signed-in user's own CreatorVerificationKey (creators owns it). */
export function VerificationKeysPage() {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const key = useQuery({
    queryKey: ['dev', 'verification-key', userId],
    queryFn: ({ signal }) => getVerificationKey(signal),
    retry: false,
  });
  const denied = key.error instanceof ApiError && (key.error.status === 401 || key.error.status === 403);
  return (
    <DevPage
      title="Verification Keys"
      intro="Your creator verification key, as the creators service keeps it."
    >
      {key.isPending ? <Spinner size={32} label="Loading verification keys" /> : null}
      {key.isError ? (
        <Banner tone="error">{denied ? VERIFICATION_KEYS_DENIED_TEXT : describeFailure(key.error)}</Banner>
      ) : null}
      {key.data && !key.data.verificationKey ? <p>No verification key yet.</p> : null}
      {key.data?.verificationKey ? (
        <table className={styles['dev-table']} aria-label="Verification keys">
          <thead>
            <tr>
              <th scope="col">TikTok user</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{key.data.verificationKey.tikTokUserId}</td>
              <td>
                <code>{key.data.verificationKey.key}</code>
              </td>
              <td>{key.data.verificationKey.status}</td>
              <td>{new Date(key.data.verificationKey.createdAt).toLocaleString()}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </DevPage>
  );
}
