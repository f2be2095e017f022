import styles from './payments.module.css';
import own from './studio-mail.module.css';
import { useDigestSettingQuery, usePriceChangesQuery, useSetDigestSettingMutation } from '../../api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { priceChangeText } from './price-change-text';

export const PRICE_NOTICE_HINT =
  'Existing subscribers are emailed and keep their price until their first renewal at least 30 days later.';

/** The price card's pending changes (docs/billing.md, "Price changes with notice"). */
export function PriceChanges({ userId }: { userId: string }) {
  const changes = usePriceChangesQuery(userId);
  return (
    <>
      <h3 className={styles['card__title']}>Price changes</h3>
      {changes.isPending ? <Spinner size={24} label="Loading your price changes" /> : null}
      {changes.isError ? (
        <div className={styles['card__actions']}>
          <p className={styles['error']} role="alert">
            {changes.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void changes.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {changes.data?.changes.length === 0 ? (
        <p className={styles['card__text']}>No price changes in the last 90 days.</p>
      ) : null}
      {changes.data && changes.data.changes.length > 0 ? (
        <ul className={own['changes']} aria-label="Price changes">
          {changes.data.changes.map((change) => {
            const text = priceChangeText(change);
            return (
              <li key={change.id} className={own['change']}>
                <span className={own['change__prices']}>{text.title}</span>
                <p className={own['change__detail']}>{text.detail}</p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

/** The weekly digest setting (docs/creators.md, "Weekly digest"): saved as soon as it is switched. */
export function DigestCard({ userId }: { userId: string }) {
  const setting = useDigestSettingQuery(userId);
  const save = useSetDigestSettingMutation(userId);
  return (
    <section className={styles['card']} aria-labelledby="digest-title">
      <h2 id="digest-title" className={styles['card__title']}>
        Weekly digest
      </h2>
      <p className={styles['card__text']}>
        Every Monday: new subscribers and cancellations, earnings, what fans asked most, video ideas and
        reports about your persona.
      </p>
      {setting.isPending ? <Spinner size={24} label="Loading your digest setting" /> : null}
      {setting.isError ? (
        <div className={styles['card__actions']}>
          <p className={styles['error']} role="alert">
            {setting.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void setting.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {setting.data ? (
        <label className={own['toggle']}>
          <input
            type="checkbox"
            checked={setting.data.weeklyDigest}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
          Email me the weekly digest
        </label>
      ) : null}
      {save.isError ? (
        <p className={styles['error']} role="alert">
          {save.error.message}
        </p>
      ) : null}
    </section>
  );
}
