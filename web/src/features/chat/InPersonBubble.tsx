import type { ChatMessage } from '../../api';
import styles from './in-person.module.css';

/** Above a message the creator wrote themselves: never the persona's words (issue 23 item 5). */
const inPersonLabel = (creatorName: string) => `${creatorName} · in person`;

/** The creator's own message in the fan's chat, labelled as written by them in person. */
export function InPersonBubble({ message, creatorName }: { message: ChatMessage; creatorName: string }) {
  return (
    <div className={styles['row']} data-testid="chat-message" data-role="creator">
      <span className={styles['label']} data-testid="in-person-label">
        {inPersonLabel(creatorName)}
      </span>
      <div className={styles['bubble']} data-testid="in-person-message">
        {message.content}
      </div>
    </div>
  );
}
