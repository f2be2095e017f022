import { NavLink, Outlet } from 'react-router-dom';
import styles from './developer.module.css';

/** The developer pages that exist; the navbar links to each (spec §2 /dev/*). */
export const DEVELOPER_PAGES = [
  { path: 'creator-init', label: 'Creator Init' },
  { path: 'creator-list', label: 'Creator List' },
  { path: 'stripe', label: 'Stripe' },
  { path: 'feature-flags', label: 'Feature Flags' },
  { path: 'env-vars', label: 'Env Vars' },
  { path: 'check-all-tiktok', label: 'Check All TikTok' },
  { path: 'auth-test', label: 'Auth Test' },
  { path: 'sign-out', label: 'Sign Out' },
  { path: 'sesh-refresh', label: 'Sesh Refresh' },
  { path: 'verification-keys', label: 'Verification Keys' },
  { path: 'model-test', label: 'Model Test' },
  { path: 'test-essence', label: 'Test Essence' },
  { path: 'outbox', label: 'Outbox' },
] as const;

/** The developer navbar above every /dev page. */
export function DeveloperLayout() {
  return (
    <div className={`page ${styles['developer']}`}>
      <nav className={styles['developer__nav']} aria-label="Developer pages">
        <span className={styles['developer__brand']}>Developer</span>
        {DEVELOPER_PAGES.map((page) => (
          <NavLink
            key={page.path}
            to={`/dev/${page.path}`}
            className={({ isActive }) =>
              `${styles['developer__link']} ${isActive ? styles['developer__link--active'] : ''}`
            }
          >
            {page.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

/** Spec §2: an unknown /dev sub-route. */
export function DeveloperPageNotFound() {
  return (
    <div className={styles['developer__missing']}>
      <h1>Page Not Found (Dev)</h1>
    </div>
  );
}
