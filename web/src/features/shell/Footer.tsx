import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './shell.module.css';

/** Legal links, the language switcher and copyright; hidden on creator chat pages (/@…), which use the full height. */
export function Footer() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (pathname.startsWith('/@')) return null;
  return (
    <footer className={styles['footer']}>
      <div className={styles['footer__inner']}>
        <nav className={styles['footer__links']} aria-label={t('footer.legal')}>
          <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </a>
          <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </a>
        </nav>
        <LanguageSwitcher />
        <p className={styles['footer__copyright']}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
