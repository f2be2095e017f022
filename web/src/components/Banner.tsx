import type { ReactNode } from 'react';
import styles from './components.module.css';

export interface BannerProps {
  tone?: 'error' | 'warning' | 'info';
  children: ReactNode;
  action?: ReactNode;
}

export function Banner({ tone = 'info', children, action }: BannerProps) {
  return (
    <div
      className={`${styles['banner']} ${styles[`banner--${tone}`]}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <div className={styles['banner__text']}>{children}</div>
      {action ? <div className={styles['banner__action']}>{action}</div> : null}
    </div>
  );
}
