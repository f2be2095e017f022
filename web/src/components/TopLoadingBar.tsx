import { Spinner } from './Spinner';
import styles from './components.module.css';

/** The bar across the top of the page while the user's session loads (spec §2). */
export function TopLoadingBar({ label = 'Loading your session…' }: { label?: string }) {
  return (
    <div className={styles['top-loading-bar']} role="progressbar" aria-label={label} aria-busy="true">
      <div className={styles['top-loading-bar__line']} />
      <div className={styles['top-loading-bar__pill']}>
        <Spinner size={18} label={label} />
        <span>{label}</span>
      </div>
    </div>
  );
}
