import { Link } from 'react-router-dom';
import styles from './admin.module.css';

/** /admin/creator-demo until the creator initialisation pipeline brings the admin demo flow. */
export function CreatorDemoPlaceholder() {
  return (
    <section className={`page ${styles['admin']}`}>
      <h1 className={styles['admin__title']}>Create Demo Account</h1>
      <p className={styles['admin__hint']}>
        Creating a demo account needs the creator initialisation pipeline, which is not part of this build
        yet. The seeded demo accounts are on <Link to="/admin/demo-accounts">Demo Accounts</Link>.
      </p>
    </section>
  );
}
