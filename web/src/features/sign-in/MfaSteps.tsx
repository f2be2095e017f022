import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { AuthenticatorKey } from '../mfa/AuthenticatorKey';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { respondToSignIn, type CodeDelivery, type MfaType } from '../../api';
import { BackToSignIn } from './BackToSignIn';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { CodeAnswerFields, useCodeAnswer } from './code-answer';
import { FormError, FormField, messagesOf, SubmitButton } from './FormField';
import { emailSchema, type EmailValues } from './sign-in-forms';
import { applyReply } from './sign-in.store';
import styles from './sign-in.module.css';

/** Spec §2: the confirm titles by second factor (English word for word in en.ts). */
const CONFIRM_TITLES = {
  SMS: 'signIn.confirmSmsTitle',
  EMAIL: 'signIn.confirmEmailTitle',
  TOTP: 'signIn.confirmTotpTitle',
} as const satisfies Record<MfaType, string>;

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
  const { t } = useTranslation();
  const { form, confirm, onSubmit } = useChallengeCode(challenge);
  const title = method in CONFIRM_TITLES ? CONFIRM_TITLES[method] : 'signIn.confirmMfaTitle';
  return (
    <form className={styles['form']} noValidate onSubmit={onSubmit}>
      <h2 className={styles['heading']}>{t(title)}</h2>
      {codeDelivery ? <CodeDeliveryNote codeDelivery={codeDelivery} /> : null}
      <CodeAnswerFields
        form={form}
        confirm={confirm}
        submitLabel={t('signIn.confirm')}
        pendingLabel={t('signIn.confirming')}
      />
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
  const { t } = useTranslation();
  const { form, confirm, onSubmit } = useChallengeCode(challenge);
  return (
    <form className={styles['form']} noValidate onSubmit={onSubmit}>
      <h2 className={styles['heading']}>{t('signIn.mfaSetupTitle')}</h2>
      <p className={styles['text']}>{t('signIn.totpInstructions')}</p>
      <AuthenticatorKey secret={secret} otpauthUri={otpauthUri} />
      <CodeAnswerFields
        form={form}
        confirm={confirm}
        submitLabel={t('signIn.confirm')}
        pendingLabel={t('signIn.confirming')}
      />
      <BackToSignIn />
    </form>
  );
}

/** setupEmail: the address second-factor codes go to. */
export function SetupEmail({ challenge }: { challenge: string }) {
  const { t } = useTranslation();
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
      <h2 className={styles['heading']}>{t('signIn.mfaSetupTitle')}</h2>
      <p className={styles['text']}>{t('signIn.setupEmailText')}</p>
      <FormField
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        placeholder={t('signIn.emailPlaceholder')}
        errors={messagesOf(form.formState.errors.email)}
        {...form.register('email')}
      />
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.confirming')}>
        {t('signIn.confirm')}
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}

/** selectMfaType: the second factors the server offers (TOTP, SMS, EMAIL), the first preselected. */
export function SelectMfaType({ allowed, challenge }: { allowed: MfaType[]; challenge: string }) {
  const { t } = useTranslation();
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
      <h2 className={styles['heading']}>{t('signIn.mfaTitle')}</h2>
      <fieldset className={styles['choices']}>
        <legend className={styles['field__label']}>{t('signIn.selectMfaType')}</legend>
        {allowed.map((type) => (
          <label key={type} className={styles['choice']}>
            <input type="radio" value={type} {...form.register('mfaType')} />
            {type}
          </label>
        ))}
      </fieldset>
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.confirming')}>
        {t('signIn.confirm')}
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}
