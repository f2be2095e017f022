import { useState } from 'react';
import { useConfirmEmailVerificationMutation, useSendEmailVerificationMutation } from '../../api';
import { Button } from '../../components/Button';
import type { SessionInfo } from '../../api';
import styles from './account.module.css';
import { errorText } from './account-format';
import { AccountSection } from './AccountSection';
import { CodeForm } from './CodeForm';

/** The account's email (its username) and whether it is verified, with a way to verify it. */
export function ProfileSection({ user }: { user: SessionInfo }) {
  const send = useSendEmailVerificationMutation();
  const confirm = useConfirmEmailVerificationMutation();
  // The session's user is read at sign-in; a verification made here shows at once.
  const [verifiedHere, setVerifiedHere] = useState(false);
  const verified = user.emailVerified || verifiedHere;
  return (
    <AccountSection title="Profile">
      <dl className={styles['profile']}>
        <div className={styles['profile__row']}>
          <dt>Email</dt>
          <dd className={styles['profile__email']}>
            <span>{user.email ?? 'No email'}</span>
            {user.email ? (
              <span className={`${styles['state']} ${styles[verified ? 'state--on' : 'state--off']}`}>
                {verified ? 'Verified' : 'Not verified'}
              </span>
            ) : null}
          </dd>
        </div>
        {user.isCreator ? (
          <div className={styles['profile__row']}>
            <dt>Account type</dt>
            <dd>Creator</dd>
          </div>
        ) : null}
      </dl>
      {user.email && !verified ? (
        send.isSuccess ? (
          <CodeForm
            label="Verification code"
            submitLabel="Confirm"
            pendingLabel="Confirming"
            pending={confirm.isPending}
            error={confirm.error}
            hint={`Sent to ${send.data.destination}. It may take a minute to arrive`}
            onSubmit={(code) => confirm.mutate(code, { onSuccess: () => setVerifiedHere(true) })}
            onCancel={() => send.reset()}
          />
        ) : (
          <div className={styles['section__actions']}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => send.mutate()}
              pending={send.isPending}
              pendingLabel="Sending code…"
            >
              Verify email
            </Button>
            {send.isError ? (
              <p role="alert" className={styles['field__error']}>
                {errorText(send.error)}
              </p>
            ) : null}
          </div>
        )
      ) : null}
    </AccountSection>
  );
}
