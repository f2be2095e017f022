import styles from './shell.module.css';
import { PRODUCT_NAME } from '../../config';

/** The brand mark: two overlapping speech bubbles, and the product name. */
export function BrandLogo() {
  return (
    <span className={styles['brand']}>
      <svg className={styles['brand__mark']} viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <defs>
          <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6d28d9" />
            <stop offset="0.5" stopColor="#c026d3" />
            <stop offset="1" stopColor="#f97316" />
          </linearGradient>
        </defs>
        <rect x="2" y="3" width="20" height="16" rx="6" fill="url(#brand-gradient)" />
        <path d="M7 19v5l5-5z" fill="#6d28d9" />
        <rect x="11" y="11" width="19" height="15" rx="6" fill="#17151f" />
        <path d="M25 26v4l-4-4z" fill="#17151f" />
        <circle cx="16" cy="18.5" r="1.6" fill="#fff" />
        <circle cx="20.5" cy="18.5" r="1.6" fill="#fff" />
        <circle cx="25" cy="18.5" r="1.6" fill="#fff" />
      </svg>
      <span className={styles['brand__name']}>{PRODUCT_NAME}</span>
    </span>
  );
}
