import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config';
import styles from './shell.module.css';

/** Legal links and copyright; hidden on creator chat pages (/@…), which use the full height. */
export function Footer() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/@')) return null;
  return (
    <footer className={styles['footer']}>
      <div className={styles['footer__inner']}>
        <nav className={styles['footer__links']} aria-label="Legal">
          <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </a>
          <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
            Terms of Service
          </a>
        </nav>
        <p className={styles['footer__copyright']}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
