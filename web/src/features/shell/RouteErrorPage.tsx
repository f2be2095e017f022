import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import styles from './shell.module.css';

/**
 * A section's error element: a screen (or its loader, or its chunk) failed. The navbar stays
 * (the error replaces only the section), unless `standalone` because the shell itself failed.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <div
      className={`page ${styles['route-message']}${standalone ? ` ${styles['route-message--standalone']}` : ''}`}
    >
      <h1 className={styles['route-message__title']}>{t('errors.title')}</h1>
      <p className={styles['route-message__text']}>{t('errors.text')}</p>
      {/* A full page load, so a broken chunk or state is left behind. */}
      <a className={buttonClass('primary', 'md')} href="/">
        {t('errors.goHome')}
      </a>
    </div>
  );
}
