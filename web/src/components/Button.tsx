import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './components.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg' | 'sm';
  /** While its action runs: disabled, `aria-busy`, and saying `pendingLabel` when one is given. */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

/** Class names of a button, for links that should look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: 'md' | 'lg' | 'sm' = 'md'): string {
  return `${styles['btn']} ${styles[`btn--${variant}`]} ${styles[`btn--${size}`]}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  pending = false,
  pendingLabel,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant, size)}${className ? ` ${className}` : ''}`}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
