import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';

const SUGGESTIONS = ['chat.suggestion1', 'chat.suggestion2', 'chat.suggestion3'] as const;

/** Covers the empty chat until the first message (spec §4 Chat). */
export function WelcomeOverlay({
  creator,
  onSuggestion,
}: {
  creator: Creator;
  onSuggestion(text: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles['welcome']} data-testid="welcome-overlay">
      <div className={styles['welcome__card']}>
        <Avatar src={creator.thumb} name={creator.nickName} size={84} />
        <h2 className={styles['welcome__title']}>{t('chat.welcomeTitle', { name: creator.nickName })}</h2>
        {creator.bio ? <p className={styles['welcome__bio']}>{creator.bio}</p> : null}
        <p className={styles['welcome__hint']}>{t('chat.welcomeHint', { name: creator.nickName })}</p>
        <div className={styles['welcome__suggestions']}>
          {SUGGESTIONS.map((key) => {
            const text = t(key);
            return (
              <button key={key} type="button" className={styles['chip']} onClick={() => onSuggestion(text)}>
                {text}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
