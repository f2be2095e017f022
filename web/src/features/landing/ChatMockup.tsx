import styles from './landing.module.css';
import { useTranslation } from 'react-i18next';
import { TypingDots } from '../../components/TypingDots';
const SAMPLE = [
  { from: 'fan', text: 'landing.mockup1' },
  { from: 'creator', text: 'landing.mockup2' },
  { from: 'fan', text: 'landing.mockup3' },
  { from: 'creator', text: 'landing.mockup4' },
] as const;

/** A static sample conversation for the landing page. */
export function ChatMockup() {
  const { t } = useTranslation();
  return (
    <div className={styles['mockup']} aria-label={t('landing.mockupLabel')} role="img">
      <div className={styles['mockup__header']}>
        <span className={styles['mockup__avatar']} aria-hidden="true">
          J
        </span>
        <div>
          <div className={styles['mockup__name']}>Jules Cooks</div>
          <div className={styles['mockup__status']}>{t('landing.mockupStatus')}</div>
        </div>
      </div>
      <div className={styles['mockup__messages']}>
        {SAMPLE.map((message, index) => (
          <div
            key={index}
            className={`${styles['mockup__bubble']} ${styles[`mockup__bubble--${message.from}`]}`}
          >
            {t(message.text)}
          </div>
        ))}
        <TypingDots compact className={styles['mockup__typing']} aria-hidden="true" />
      </div>
    </div>
  );
}
