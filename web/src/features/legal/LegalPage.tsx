import type { ReactNode } from 'react';
import styles from './legal.module.css';

export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className={`page ${styles['legal']}`}>
      <header className={styles['legal__header']}>
        <h1>{title}</h1>
        <p className={styles['legal__updated']}>Last updated {updated}</p>
      </header>
      {children}
    </article>
  );
}
