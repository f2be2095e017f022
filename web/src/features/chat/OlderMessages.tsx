import styles from './chat.module.css';
import { Spinner } from '../../components/Spinner';
import type { OlderStatus } from './useChat';

export const OLDER_FAILED_MESSAGE = "We couldn't load older messages.";

/**
 * The top of a conversation that has older pages: loading them (scrolling to the top does it too),
 * or why they could not be loaded, with a retry.
 */
export function OlderMessages({ status, onLoad }: { status: OlderStatus; onLoad(): void }) {
  if (status === 'loading')
    return (
      <div className={styles['chat-older']}>
        <Spinner size={24} label="Loading older messages" />
      </div>
    );
  if (status === 'error')
    return (
      <div className={`${styles['chat-older']} ${styles['chat-older--error']}`} role="alert">
        {OLDER_FAILED_MESSAGE}{' '}
        <button type="button" className={styles['chat-older__button']} onClick={onLoad}>
          Retry
        </button>
      </div>
    );
  return (
    <div className={styles['chat-older']}>
      <button type="button" className={styles['chat-older__button']} onClick={onLoad}>
        Load older messages
      </button>
    </div>
  );
}
