import { type PasskeySummary, usePasskeysQuery, useRemovePasskeyMutation } from '../../api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { RegisterPasskey } from '../passkeys/RegisterPasskey';
import styles from './account.module.css';
import { errorText, formatWhen } from './account-format';
import { AccountSection } from './AccountSection';

/** The account's passkeys (issue 9 item 5): when each was made and last used, remove, register another. */
export function PasskeysSection({ userId }: { userId: string }) {
  const passkeys = usePasskeysQuery(userId);
  const remove = useRemovePasskeyMutation(userId);
  return (
    <AccountSection
      title="Passkeys"
      description="Sign in without a password: your device unlocks a passkey with your fingerprint, face or screen lock."
    >
      {passkeys.isPending ? (
        <Spinner size={32} label="Loading passkeys" />
      ) : passkeys.isError ? (
        <div role="alert" className={styles['list-error']}>
          <p>Could not load your passkeys: {errorText(passkeys.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void passkeys.refetch()}>
            Try again
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className={styles['list-empty']}>You have no passkeys yet.</p>
      ) : (
        <ul className={styles['list']} aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              pending={remove.isPending && remove.variables === passkey.id}
              onRemove={() => remove.mutate(passkey.id)}
            />
          ))}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className={styles['field__error']}>
          {errorText(remove.error)}
        </p>
      ) : null}
      <div className={styles['section__actions']}>
        <RegisterPasskey />
      </div>
    </AccountSection>
  );
}

function PasskeyRow({
  passkey,
  pending,
  onRemove,
}: {
  passkey: PasskeySummary;
  pending: boolean;
  onRemove(): void;
}) {
  return (
    <li className={styles['list__item']}>
      <div className={styles['list__main']}>
        <p className={styles['list__title']}>{passkey.name}</p>
        <p className={styles['list__meta']}>
          Created {formatWhen(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `Last used ${formatWhen(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        pending={pending}
        pendingLabel="Removing…"
        aria-label={`Remove ${passkey.name}`}
      >
        Remove
      </Button>
    </li>
  );
}
