import type { ReactNode } from 'react';
import { ApiError } from '../../api';
import styles from './developer.module.css';

/** A developer page's heading and a line on what it is for. */
export function DevPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className={styles['dev-page']}>
      <h1 className={styles['flags__title']}>{title}</h1>
      <p className={styles['flags__environment']}>{intro}</p>
      {children}
    </section>
  );
}

/** The gateway's answer to a failed call, as `STATUS CODE: message`. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return error.isNetworkError ? error.message : `${error.status} ${error.code}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
