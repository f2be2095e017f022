import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { en } from '../../i18n/locales/en';
import type { OlderStatus } from './useChat';

export const OLDER_FAILED_MESSAGE = en.messages.olderFailed;

/**
 * The top of a conversation that has older pages: loading them (scrolling to the top does it too),
 * or why they could not be loaded, with a retry.
 */
export function OlderMessages({ status, onLoad }: { status: OlderStatus; onLoad(): void }) {
  const { t } = useTranslation();
  if (status === 'loading')
    return (
      <div className={styles['chat-older']}>
        <Spinner size={24} label={t('messages.olderLoading')} />
      </div>
    );
  if (status === 'error')
    return (
      <div className={`${styles['chat-older']} ${styles['chat-older--error']}`} role="alert">
        {t('messages.olderFailed')}{' '}
        <button type="button" className={styles['chat-older__button']} onClick={onLoad}>
          {t('messages.retry')}
        </button>
      </div>
    );
  return (
    <div className={styles['chat-older']}>
      <button type="button" className={styles['chat-older__button']} onClick={onLoad}>
        {t('messages.olderLoad')}
      </button>
    </div>
  );
}
