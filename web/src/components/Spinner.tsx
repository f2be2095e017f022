import styles from './components.module.css';

export interface SpinnerProps {
  /** Diameter in pixels (spec §9: default 48). */
  size?: number;
  label?: string;
}

export function Spinner({ size = 48, label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className={styles['spinner']}
      role="status"
      aria-label={label}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 50 50" width={size} height={size} aria-hidden="true">
        <circle className={styles['spinner__track']} cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
        <circle
          className={styles['spinner__arc']}
          cx="25"
          cy="25"
          r="20"
          fill="none"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
