import type { HTMLAttributes } from 'react';
import styles from './components.module.css';

/** Three bouncing dots in an incoming-message bubble: the persona is typing. */
export function TypingDots({
  className,
  compact,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { compact?: boolean }) {
  const classes = [styles['typing-dots'], compact ? styles['typing-dots--compact'] : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} {...rest}>
      <span />
      <span />
      <span />
    </div>
  );
}
