import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../api';
import styles from './in-person.module.css';

/**
 * The creator's own message in the fan's chat, labelled as written by them in person: never the
 * persona's words (issue 23 item 5).
 */
export function InPersonBubble({ message, creatorName }: { message: ChatMessage; creatorName: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles['row']} data-testid="chat-message" data-role="creator">
      <span className={styles['label']} data-testid="in-person-label">
        {t('messages.inPersonLabel', { name: creatorName })}
      </span>
      <div className={styles['bubble']} data-testid="in-person-message">
        {message.content}
      </div>
    </div>
  );
}
