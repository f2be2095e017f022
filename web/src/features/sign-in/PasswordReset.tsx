import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPassword, resetPassword, type CodeDelivery } from '../../api';
import { Button } from '../../components/Button';
import { BackToSignIn } from './BackToSignIn';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { CodeField, FormError, FormField, messagesOf, SubmitButton } from './FormField';
import { NewPasswordFields } from './NewPasswordFields';
import {
  emailSchema,
  resetPasswordSchema,
  type EmailValues,
  type ResetPasswordValues,
} from './sign-in-forms';
import { useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

/** forgotPassword (spec §4): the email, then a code is sent. */
export function ForgotPassword({ email }: { email?: string }) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    mode: 'all',
    defaultValues: { email: email ?? '' },
  });
  const send = useMutation({
    mutationFn: async ({ email: address }: EmailValues) =>
      show({ step: 'confirmResetPassword', email: address, codeDelivery: await forgotPassword(address) }),
  });
  return (
    <form className={styles['form']} noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
      <h2 className={styles['heading']}>{t('signIn.resetTitle')}</h2>
      <FormField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        placeholder={t('signIn.emailPlaceholder')}
        errors={messagesOf(form.formState.errors.email)}
        {...form.register('email')}
      />
      <FormError error={send.error} />
      <SubmitButton pending={send.isPending} pendingLabel={t('signIn.sending')}>
        {t('signIn.sendCode')}
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}

/** confirmResetPassword (spec §4): code, new password, confirm password, resend; then back to sign-in. */
export function ConfirmResetPassword({
  email,
  codeDelivery,
  passwordMinLength,
}: {
  email: string;
  codeDelivery: CodeDelivery;
  passwordMinLength: number;
}) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const schema = useMemo(() => resetPasswordSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    criteriaMode: 'all',
    defaultValues: { code: '', password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  const submit = useMutation({
    mutationFn: async ({ code, password }: ResetPasswordValues) => {
      await resetPassword({ email, code, password });
      show({
        step: 'signIn',
        email,
        notice: t('signIn.passwordReset'),
      });
    },
  });
  const resend = useMutation({ mutationFn: () => forgotPassword(email) });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <h2 className={styles['heading']}>{t('signIn.resetTitle')}</h2>
      <CodeDeliveryNote codeDelivery={resend.data ?? codeDelivery} />
      <CodeField
        label={t('signIn.code')}
        placeholder={t('signIn.code')}
        errors={messagesOf(errors.code)}
        {...form.register('code')}
      />
      <NewPasswordFields
        form={form}
        passwordLabel={t('signIn.newPassword')}
        passwordPlaceholder={t('signIn.newPassword')}
        confirmPlaceholder={t('signIn.confirmPassword')}
      />
      <FormError error={submit.error ?? resend.error} />
      {resend.isSuccess ? (
        <p role="status" className={styles['notice']}>
          {t('signIn.newCodeSent')}
        </p>
      ) : null}
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.submitting')}>
        {t('signIn.submit')}
      </SubmitButton>
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? t('signIn.sending') : t('signIn.resendCode')}
      </Button>
      <BackToSignIn />
    </form>
  );
}
