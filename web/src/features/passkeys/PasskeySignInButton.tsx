import { useTranslation } from 'react-i18next';
import type { PasskeySignInReply } from '../../api';
import { Button } from '../../components/Button';
import styles from './passkeys.module.css';
import { usePasskeySignIn } from './usePasskeys';

/**
 * 'Sign in with a passkey' on the sign-in screen, shown when GET /api/auth/providers says
 * `passkeys: true`. `onSignedIn` receives the same answer as a password sign-in's last step.
 */
export function PasskeySignInButton({
  onSignedIn,
  className,
}: {
  onSignedIn: (reply: PasskeySignInReply) => void | Promise<void>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { mutate, isPending, failure } = usePasskeySignIn(onSignedIn);
  return (
    <div className={`${styles['passkey']}${className ? ` ${className}` : ''}`}>
      <Button
        variant="secondary"
        className={styles['passkey__button']}
        onClick={() => mutate()}
        pending={isPending}
        pendingLabel={t('signIn.passkeyWaiting')}
      >
        {t('signIn.passkey')}
      </Button>
      {failure ? (
        <p role="alert" className={styles['passkey__error']} data-problem={failure.problem}>
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
