import styles from './payments.module.css';
import own from './studio-mail.module.css';
import { Link, useSearchParams } from 'react-router-dom';
import { useDigestUnsubscribeMutation } from '../../api';
import { Button } from '../../components/Button';

export const UNSUBSCRIBED_TEXT =
  'You will no longer get the weekly digest. Turn it back on any time on your Payments page.';

/** `/digest/unsubscribe?token=…`: the digest email's link; no sign-in (the token is signed). */
export function DigestUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useDigestUnsubscribeMutation();
  return (
    <div className={`page ${own['unsubscribe']}`}>
      <section className={styles['card']} aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className={styles['card__title']}>
          Weekly digest
        </h1>
        {!token ? (
          <p className={styles['error']} role="alert">
            This link is incomplete. Open it from the digest email again, or turn the digest off on your
            Payments page.
          </p>
        ) : unsubscribe.isSuccess ? (
          <p className={styles['card__text']} role="status">
            {UNSUBSCRIBED_TEXT}
          </p>
        ) : (
          <>
            <p className={styles['card__text']}>Stop the weekly email about your persona&apos;s week?</p>
            <div className={styles['card__actions']}>
              <Button
                onClick={() => unsubscribe.mutate(token)}
                pending={unsubscribe.isPending}
                pendingLabel="Stopping…"
              >
                Stop the weekly digest
              </Button>
            </div>
            {unsubscribe.isError ? (
              <p className={styles['error']} role="alert">
                {unsubscribe.error.message}
              </p>
            ) : null}
          </>
        )}
        <Link to="/creator/payments">Payments page</Link>
      </section>
    </div>
  );
}
