import styles from './chat.module.css';
import { TypingDots } from '../../components/TypingDots';

export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className={`${styles['chat-row']} ${styles['chat-row--assistant']}`}>
      <TypingDots role="status" aria-label={`${name} is typing`} />
    </div>
  );
}
