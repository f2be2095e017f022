import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import { en } from '../../i18n/locales/en';

export const DEMO_BANNER_TEXT = en.chat.demoBanner;

export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles['demo-banner']} role="note">
      {t('chat.demoBanner')}
    </div>
  );
}
