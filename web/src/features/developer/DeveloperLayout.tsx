import { NavLink, Outlet } from 'react-router-dom';
import styles from './developer.module.css';

/** The developer pages that exist; the navbar links to each (spec §2 /dev/*). */
const DEVELOPER_PAGES = [{ path: 'feature-flags', label: 'Feature Flags' }] as const;

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
