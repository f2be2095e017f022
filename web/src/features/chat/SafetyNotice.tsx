import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../api';
import styles from './safety.module.css';

/**
 * Backtalk's answer to a fan message moderation held back from the persona (docs/safety.md):
 * calm, specific, and plainly not the creator speaking.
 */
export function SafetyNotice({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  return (
    <div
      className={styles['safety-notice']}
      data-testid="chat-message"
      data-role={message.role}
      data-kind="safety-notice"
      role="note"
      aria-label={t('chat.safetyLabel')}
    >
      <span className={styles['safety-notice__label']}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3z" fill="currentColor" />
        </svg>
        {t('chat.safetyTitle')}
      </span>
      <p>{message.content}</p>
    </div>
  );
}
