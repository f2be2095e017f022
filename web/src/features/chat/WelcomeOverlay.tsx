import styles from './chat.module.css';
import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';

const SUGGESTIONS = [
  "What's the story behind your latest video?",
  'What are you working on right now?',
  'Any advice for a new fan?',
];

/** Covers the empty chat until the first message (spec §4 Chat). */
export function WelcomeOverlay({
  creator,
  onSuggestion,
}: {
  creator: Creator;
  onSuggestion(text: string): void;
}) {
  return (
    <div className={styles['welcome']} data-testid="welcome-overlay">
      <div className={styles['welcome__card']}>
        <Avatar src={creator.thumb} name={creator.nickName} size={84} />
        <h2 className={styles['welcome__title']}>Say hi to {creator.nickName}</h2>
        {creator.bio ? <p className={styles['welcome__bio']}>{creator.bio}</p> : null}
        <p className={styles['welcome__hint']}>
          You're chatting with an AI version of {creator.nickName}, built from their real posts.
        </p>
        <div className={styles['welcome__suggestions']}>
          {SUGGESTIONS.map((text) => (
            <button key={text} type="button" className={styles['chip']} onClick={() => onSuggestion(text)}>
              {text}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
