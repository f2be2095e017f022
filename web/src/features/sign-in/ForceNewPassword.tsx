import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { respondToSignIn } from '../../api';
import { BackToSignIn } from './BackToSignIn';
import { FormError, SubmitButton } from './FormField';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordSchema, type NewPasswordValues } from './sign-in-forms';
import { applyReply } from './sign-in.store';
import styles from './sign-in.module.css';

/** forceNewPassword (spec §2): 'Change Password', submit 'Changing' while pending, 'Back to Sign In'. */
export function ForceNewPassword({
  challenge,
  passwordMinLength,
}: {
  challenge: string;
  passwordMinLength: number;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => newPasswordSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    criteriaMode: 'all',
    defaultValues: { password: '', confirm_password: '' },
  });
  const submit = useMutation({
    mutationFn: async ({ password }: NewPasswordValues) =>
      applyReply(await respondToSignIn(challenge, { kind: 'newPassword', password })),
  });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <h2 className={styles['heading']}>{t('signIn.changePassword')}</h2>
      <NewPasswordFields form={form} />
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.changing')}>
        {t('signIn.changePassword')}
      </SubmitButton>
      <BackToSignIn />
    </form>
  );
}
