import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import { TypingDots } from '../../components/TypingDots';

export function TypingIndicator({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles['chat-row']} ${styles['chat-row--assistant']}`}>
      <TypingDots role="status" aria-label={t('chat.typing', { name })} />
    </div>
  );
}
