import type { Creator } from '../../api';
import { ChatView } from '../chat/ChatView';
import styles from './creator.module.css';

const OWN_CHAT_TEXT = {
  title: 'Your AI chat',
  hint: 'Talk to your persona as your fans will. Your own messages are never counted against any limit.',
} as const;

/**
 * Spec §2: while payment onboarding is incomplete, `/creator` shows the creator's own chat with
 * their persona (the fans' chat components; chat-inference counts nothing for the persona's own
 * creator and keeps it out of insights and sampled replies).
 */
export function OwnChat({ creator }: { creator: Creator }) {
  return (
    <section className={styles['own-chat']} aria-labelledby="own-chat-title" data-testid="own-chat">
      <h2 id="own-chat-title" className={styles['card__title']}>
        {OWN_CHAT_TEXT.title}
      </h2>
      <p className={styles['hint']}>{OWN_CHAT_TEXT.hint}</p>
      <div className={styles['own-chat__frame']}>
        <ChatView creator={creator} />
      </div>
    </section>
  );
}
