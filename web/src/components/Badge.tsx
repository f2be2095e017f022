import type { ReactNode } from 'react';
import styles from './components.module.css';

/** A small pill label, e.g. 'Creator' next to a user's name. */
export function Badge({ children }: { children: ReactNode }) {
  return <span className={styles['badge']}>{children}</span>;
}
