import styles from './admin.module.css';

/** Spec §2: an unknown /admin sub-route (admins only; others see 'Access Denied' first). */
export function AdminPageNotFound() {
  return (
    <div className={`page ${styles['admin__missing']}`}>
      <h1>Page Not Found (Admin)</h1>
    </div>
  );
}
