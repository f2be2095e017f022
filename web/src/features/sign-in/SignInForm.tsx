import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signIn } from '../../api';
import { FormError, FormField, messagesOf, SubmitButton } from './FormField';
import { signInSchema, type SignInValues } from './sign-in-forms';
import { applyReply, useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

/** The Sign In tab: email and password, then whatever step the server answers. */
export function SignInForm({ email }: { email?: string }) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    mode: 'onChange',
    defaultValues: { email: email ?? '', password: '' },
  });
  const { errors } = form.formState;
  const submit = useMutation({
    mutationFn: async (values: SignInValues) => applyReply(await signIn(values), values.email),
  });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <FormField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        placeholder={t('signIn.emailPlaceholder')}
        errors={messagesOf(errors.email)}
        {...form.register('email')}
      />
      <FormField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('signIn.passwordPlaceholder')}
        errors={messagesOf(errors.password)}
        {...form.register('password')}
      />
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.signingIn')}>
        {t('common.signIn')}
      </SubmitButton>
      <button
        type="button"
        className={styles['link']}
        onClick={() => show({ step: 'forgotPassword', email: form.getValues('email').trim() })}
      >
        {t('signIn.forgot')}
      </button>
    </form>
  );
}
