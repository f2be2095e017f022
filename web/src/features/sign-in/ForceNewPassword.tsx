import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { respondToSignIn } from '../../api';
import { Button } from '../../components/Button';
import { BackToSignIn } from './BackToSignIn';
import { FormError, FormField, messagesOf } from './FormField';
import { confirmMismatchVisible, newPasswordSchema, type NewPasswordValues } from './sign-in-forms';
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
  const schema = useMemo(() => newPasswordSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    criteriaMode: 'all',
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, touchedFields } = form.formState;
  const showMismatch = confirmMismatchVisible(useWatch({ control: form.control }), touchedFields);
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
      <h2 className={styles['heading']}>Change Password</h2>
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Enter your Password"
        errors={messagesOf(errors.password)}
        {...form.register('password', { deps: ['confirm_password'] })}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Please confirm your Password"
        errors={messagesOf(errors.confirm_password).filter(
          (message) => showMismatch || message !== 'Your passwords must match',
        )}
        {...form.register('confirm_password')}
      />
      <FormError error={submit.error} />
      <Button
        type="submit"
        className={styles['form__submit']}
        disabled={submit.isPending}
        aria-busy={submit.isPending}
      >
        {submit.isPending ? 'Changing' : 'Change Password'}
      </Button>
      <BackToSignIn />
    </form>
  );
}
