import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { AuthenticatorKey } from '../mfa/AuthenticatorKey';
import { useForm } from 'react-hook-form';
import { respondToSignIn, type CodeDelivery, type MfaType } from '../../api';
import { BackToSignIn } from './BackToSignIn';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { CodeAnswerFields, useCodeAnswer } from './code-answer';
import { FormError, FormField, messagesOf, SubmitButton } from './FormField';
import { emailSchema, type EmailValues } from './sign-in-forms';
import { applyReply } from './sign-in.store';
import styles from './sign-in.module.css';

/** Spec §2: the confirm titles by second factor. */
const CONFIRM_TITLES: Record<MfaType, string> = {
  SMS: 'Confirm SMS Code',
  EMAIL: 'Confirm Email Code',
  TOTP: 'Confirm TOTP Code',
};
const CONFIRM_MFA_TITLE = 'Confirm MFA Code';
/** Spec §2: the MFA titles. */
const MFA_SETUP_TITLE = 'Multi-Factor Authentication Setup';
const MFA_TITLE = 'Multi-Factor Authentication';
/** Spec §2: the TOTP QR code is 228×228. */

/** A challenge step answered with a code: the answer goes to the server's sign-in flow. */
function useChallengeCode(challenge: string) {
  return useCodeAnswer(async (code) => applyReply(await respondToSignIn(challenge, { kind: 'code', code })));
}

/** confirmSignIn: the second factor's code (TOTP from the app, or the emailed/texted code). */
export function ConfirmSignIn({
  method,
  codeDelivery,
  challenge,
}: {
  method: MfaType;
  codeDelivery?: CodeDelivery;
  challenge: string;
}) {
  const { form, confirm, onSubmit } = useChallengeCode(challenge);
  return (
    <form className={styles['form']} noValidate onSubmit={onSubmit}>
      <h2 className={styles['heading']}>{CONFIRM_TITLES[method] ?? CONFIRM_MFA_TITLE}</h2>
      {codeDelivery ? <CodeDeliveryNote codeDelivery={codeDelivery} /> : null}
      <CodeAnswerFields form={form} confirm={confirm} submitLabel="Confirm" pendingLabel="Confirming" />
      <BackToSignIn />
    </form>
  );
}

/** setupTotp: a 228×228 QR code of the authenticator URI, the secret with COPY, then the app's first code. */
export function SetupTotp({
  secret,
  otpauthUri,
  challenge,
}: {
  secret: string;
  otpauthUri: string;
  challenge: string;
}) {
  const { form, confirm, onSubmit } = useChallengeCode(challenge);
  return (
    <form className={styles['form']} noValidate onSubmit={onSubmit}>
      <h2 className={styles['heading']}>{MFA_SETUP_TITLE}</h2>
      <p className={styles['text']}>
        Scan the QR code with your authenticator app, or enter the key below, then type the code it shows.
      </p>
      <AuthenticatorKey secret={secret} otpauthUri={otpauthUri} />
      <CodeAnswerFields form={form} confirm={confirm} submitLabel="Confirm" pendingLabel="Confirming" />
      <BackToSignIn />
    </form>
  );
}

/** setupEmail: the address second-factor codes go to. */
export function SetupEmail({ challenge }: { challenge: string }) {
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const submit = useMutation({
    mutationFn: async ({ email }: EmailValues) =>
      applyReply(await respondToSignIn(challenge, { kind: 'email', email })),
  });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <h2 className={styles['heading']}>{MFA_SETUP_TITLE}</h2>
      <p className={styles['text']}>Enter the email address your sign-in codes should go to.</p>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="Enter your Email"
        errors={messagesOf(form.formState.errors.email)}
        {...form.register('email')}
      />
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel="Confirming">
        Confirm
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}

/** selectMfaType: the second factors the server offers (TOTP, SMS, EMAIL), the first preselected. */
export function SelectMfaType({ allowed, challenge }: { allowed: MfaType[]; challenge: string }) {
  const form = useForm<{ mfaType: MfaType }>({ defaultValues: { mfaType: allowed[0] } });
  const submit = useMutation({
    mutationFn: async ({ mfaType }: { mfaType: MfaType }) =>
      applyReply(await respondToSignIn(challenge, { kind: 'mfaType', mfaType })),
  });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <h2 className={styles['heading']}>{MFA_TITLE}</h2>
      <fieldset className={styles['choices']}>
        <legend className={styles['field__label']}>Select MFA Type</legend>
        {allowed.map((type) => (
          <label key={type} className={styles['choice']}>
            <input type="radio" value={type} {...form.register('mfaType')} />
            {type}
          </label>
        ))}
      </fieldset>
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel="Confirming">
        Confirm
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}
