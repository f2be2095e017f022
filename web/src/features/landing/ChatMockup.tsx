import styles from './landing.module.css';
import { TypingDots } from '../../components/TypingDots';
const SAMPLE = [
  { from: 'fan', text: 'wait your pasta video from last week… was that REALLY 15 minutes?? 🍝' },
  {
    from: 'creator',
    text: "Ha, 15 if you don't count me dancing around the kitchen 😅 Boil the water first, that's the whole secret.",
  },
  { from: 'fan', text: 'ok trying it tonight. any swaps if I have no parmesan?' },
  {
    from: 'creator',
    text: 'Pecorino works, or a spoon of miso for that salty hit. Tell me how it turns out!',
  },
] as const;

/** A static sample conversation for the landing page. */
export function ChatMockup() {
  return (
    <div className={styles['mockup']} aria-label="Sample chat with a creator's AI persona" role="img">
      <div className={styles['mockup__header']}>
        <span className={styles['mockup__avatar']} aria-hidden="true">
          J
        </span>
        <div>
          <div className={styles['mockup__name']}>Jules Cooks</div>
          <div className={styles['mockup__status']}>AI persona · replies instantly</div>
        </div>
      </div>
      <div className={styles['mockup__messages']}>
        {SAMPLE.map((message, index) => (
          <div
            key={index}
            className={`${styles['mockup__bubble']} ${styles[`mockup__bubble--${message.from}`]}`}
          >
            {message.text}
          </div>
        ))}
        <TypingDots compact className={styles['mockup__typing']} aria-hidden="true" />
      </div>
    </div>
  );
}
