import { Button } from '../../components/Button';
import styles from './passkeys.module.css';
import { useRegisterPasskey } from './usePasskeys';

const REGISTER_PASSKEY_LABEL = 'Register a passkey';
export const PASSKEY_REGISTERED_TEXT = 'Passkey registered. You can sign in with it from now on.';

/**
 * 'Register a passkey' for the signed-in account (in the passkey dialog the account menu opens):
 * the browser asks the device's authenticator to create one. Says when it worked, or what went
 * wrong (spec §8).
 */
export function RegisterPasskey({ className }: { className?: string }) {
  const { mutate, isPending, isSuccess, failure } = useRegisterPasskey();
  return (
    <div className={`${styles['passkey']}${className ? ` ${className}` : ''}`}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => mutate()}
        pending={isPending}
        pendingLabel="Registering…"
      >
        {REGISTER_PASSKEY_LABEL}
      </Button>
      {isSuccess ? (
        <p role="status" className={styles['passkey__done']}>
          {PASSKEY_REGISTERED_TEXT}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className={styles['passkey__error']} data-problem={failure.problem}>
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
