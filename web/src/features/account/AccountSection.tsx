import { type ReactNode, useId } from 'react';
import styles from './account.module.css';

/** One titled card of the account page. */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles['section']} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles['section__title']}>
        {title}
      </h2>
      {description ? <p className={styles['section__description']}>{description}</p> : null}
      {children}
    </section>
  );
}
