import { AuthFormMessage, PASSWORD_MAX_LENGTH } from '@backtalk/proto/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangePasswordMutation } from '../../api';
import { Button } from '../../components/Button';
import { countOf } from '../../formatting/plural';
import styles from './account.module.css';
import { errorText } from './account-format';
import { AccountSection } from './AccountSection';

// Passwords are never trimmed (spec §3). The §5 rules (length, character classes) are the
// server's, with its configured minimum; its message is shown as it answers.
const passwordField = z.string().min(1, AuthFormMessage.Required).max(PASSWORD_MAX_LENGTH);
const changePasswordSchema = z
  .object({
    currentPassword: passwordField,
    newPassword: passwordField,
    confirmPassword: passwordField,
    signOutOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: AuthFormMessage.PasswordsMustMatch,
  });
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** Change Password (spec §2 wording: 'Changing' while pending), optionally signing out other sessions. */
export function PasswordSection() {
  const change = useChangePasswordMutation();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherSessions: false },
  });
  const submit = handleSubmit(({ currentPassword, newPassword, signOutOtherSessions }) =>
    change.mutate({ currentPassword, newPassword, signOutOtherSessions }, { onSuccess: () => reset() }),
  );
  const field = (
    name: 'currentPassword' | 'newPassword' | 'confirmPassword',
    label: string,
    autoComplete: string,
  ) => {
    const message = errors[name]?.message;
    return (
      <div className={styles['field']}>
        <label htmlFor={`${id}-${name}`} className={styles['field__label']}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          type="password"
          className={styles['field__input']}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${name}-error` : undefined}
          {...register(name)}
        />
        {message ? (
          <p id={`${id}-${name}-error`} className={styles['field__error']}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <AccountSection title="Change Password">
      <form className={styles['password-form']} onSubmit={submit} noValidate>
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <label className={styles['checkbox']}>
          <input type="checkbox" {...register('signOutOtherSessions')} />
          Sign out my other sessions
        </label>
        <div className={styles['section__actions']}>
          <Button type="submit" pending={change.isPending} pendingLabel="Changing">
            Change Password
          </Button>
        </div>
        {change.isError ? (
          <p role="alert" className={styles['field__error']}>
            {errorText(change.error)}
          </p>
        ) : null}
        {change.isSuccess ? (
          <p role="status" className={styles['field__success']}>
            Your password was changed
            {change.data.otherSessionsEnded
              ? `; ${countOf(change.data.otherSessionsEnded, { one: 'other session', other: 'other sessions' })} signed out.`
              : '.'}
          </p>
        ) : null}
      </form>
    </AccountSection>
  );
}
