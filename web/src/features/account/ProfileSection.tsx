import { useState } from 'react';
import {
  useConfirmEmailVerificationMutation,
  useConfirmPhoneVerificationMutation,
  useSendEmailVerificationMutation,
  useSendPhoneVerificationMutation,
} from '../../api';
import { Button } from '../../components/Button';
import type { CodeDelivery, SessionInfo } from '../../api';
import styles from './account.module.css';
import { errorText } from './account-format';
import { AccountSection } from './AccountSection';
import { CodeForm } from './CodeForm';

/**
 * The account's email (its username) and phone number, whether each is verified, and a way to
 * verify it with a code (spec §4 "Verify attributes": emailed, or texted to the phone).
 */
export function ProfileSection({ user }: { user: SessionInfo }) {
  // The session's user is read at sign-in; a verification made here shows at once.
  const [emailVerifiedHere, setEmailVerifiedHere] = useState(false);
  const [phoneVerifiedHere, setPhoneVerifiedHere] = useState(false);
  const emailVerified = user.emailVerified || emailVerifiedHere;
  const phoneVerified = Boolean(user.phoneNumberVerified) || phoneVerifiedHere;
  const sendEmail = useSendEmailVerificationMutation();
  const confirmEmail = useConfirmEmailVerificationMutation();
  const sendPhone = useSendPhoneVerificationMutation();
  const confirmPhone = useConfirmPhoneVerificationMutation(user.userId);
  return (
    <AccountSection title="Profile">
      <dl className={styles['profile']}>
        <div className={styles['profile__row']}>
          <dt>Email</dt>
          <dd className={styles['profile__email']}>
            <span>{user.email ?? 'No email'}</span>
            {user.email ? <VerifiedState verified={emailVerified} /> : null}
          </dd>
        </div>
        {user.phoneNumber ? (
          <div className={styles['profile__row']}>
            <dt>Phone Number</dt>
            <dd className={styles['profile__email']}>
              <span>{user.phoneNumber}</span>
              <VerifiedState verified={phoneVerified} />
            </dd>
          </div>
        ) : null}
        {user.isCreator ? (
          <div className={styles['profile__row']}>
            <dt>Account type</dt>
            <dd>Creator</dd>
          </div>
        ) : null}
      </dl>
      {user.email && !emailVerified ? (
        <VerifyByCode
          send={sendEmail}
          confirm={confirmEmail}
          verifyLabel="Verify email"
          codeLabel="Verification code"
          onVerified={() => setEmailVerifiedHere(true)}
        />
      ) : null}
      {user.phoneNumber && !phoneVerified ? (
        <VerifyByCode
          send={sendPhone}
          confirm={confirmPhone}
          verifyLabel="Verify phone number"
          codeLabel="Code from the text message"
          onVerified={() => setPhoneVerifiedHere(true)}
        />
      ) : null}
    </AccountSection>
  );
}

function VerifiedState({ verified }: { verified: boolean }) {
  return (
    <span className={`${styles['state']} ${styles[verified ? 'state--on' : 'state--off']}`}>
      {verified ? 'Verified' : 'Not verified'}
    </span>
  );
}

interface Mutation<Input, Output> {
  mutate(input: Input, options?: { onSuccess?: () => void }): void;
  reset(): void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: Output | undefined;
}

/** A button that sends a code, then the field for the code (the server's words on a wrong one). */
function VerifyByCode({
  send,
  confirm,
  verifyLabel,
  codeLabel,
  onVerified,
}: {
  send: Mutation<void, CodeDelivery>;
  confirm: Mutation<string, unknown>;
  verifyLabel: string;
  codeLabel: string;
  onVerified(): void;
}) {
  if (send.isSuccess && send.data)
    return (
      <CodeForm
        label={codeLabel}
        submitLabel="Confirm"
        pendingLabel="Confirming"
        pending={confirm.isPending}
        error={confirm.error}
        hint={`Sent to ${send.data.destination}. It may take a minute to arrive`}
        onSubmit={(code) => confirm.mutate(code, { onSuccess: onVerified })}
        onCancel={() => send.reset()}
      />
    );
  return (
    <div className={styles['section__actions']}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => send.mutate()}
        pending={send.isPending}
        pendingLabel="Sending code…"
      >
        {verifyLabel}
      </Button>
      {send.isError ? (
        <p role="alert" className={styles['field__error']}>
          {errorText(send.error)}
        </p>
      ) : null}
    </div>
  );
}
