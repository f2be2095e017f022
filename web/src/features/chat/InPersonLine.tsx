import { useInPersonStateQuery } from '../../api';
import { useChatStore } from './chat.store';
import styles from './in-person.module.css';

/** The line in the conversation while the creator holds it (docs/architecture.md, "Inbox"). */
export const inPersonLineText = (creatorName: string) =>
  `${creatorName} is replying in person. Their AI persona is paused until they hand the chat back.`;

/**
 * A clear line at the end of the conversation while the creator replies in person: the fan's
 * messages go to the creator, and the AI persona does not answer them.
 */
export function InPersonLine({ creatorName }: { creatorName: string }) {
  const conversationId = useChatStore((state) => state.conversationId);
  const state = useInPersonStateQuery(conversationId);
  if (!state.data?.creatorMayRead || !state.data.inPerson) return null;
  return (
    <div className={styles['line']} role="status" data-testid="in-person-line">
      <span>{inPersonLineText(creatorName)}</span>
    </div>
  );
}
