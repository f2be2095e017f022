import { AuthFormMessage } from '@backtalk/proto/browser';
import { useWatch, type FieldError, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, messagesOf } from './FormField';
import { confirmMismatchVisible } from './sign-in-forms';

interface NewPasswordShape {
  password: string;
  confirm_password: string;
}

/**
 * A new password and its confirmation (spec §5): every rule under the password, and
 * 'Your passwords must match' only once confirmMismatchVisible says so.
 */
export function NewPasswordFields<Values extends NewPasswordShape>({
  form,
  passwordLabel,
  passwordPlaceholder,
  confirmPlaceholder,
}: {
  form: UseFormReturn<Values>;
  passwordLabel?: string;
  passwordPlaceholder?: string;
  confirmPlaceholder?: string;
}) {
  const { t } = useTranslation();
  const { errors, touchedFields } = form.formState;
  const values = useWatch({ control: form.control }) as Partial<NewPasswordShape>;
  const showMismatch = confirmMismatchVisible(values, touchedFields as { password?: boolean });
  const password = 'password' as Path<Values>;
  const confirm = 'confirm_password' as Path<Values>;
  return (
    <>
      <FormField
        label={passwordLabel ?? t('signIn.password')}
        type="password"
        autoComplete="new-password"
        placeholder={passwordPlaceholder ?? t('signIn.passwordPlaceholder')}
        errors={messagesOf(errors.password as FieldError | undefined)}
        {...form.register(password, { deps: [confirm] })}
      />
      <FormField
        label={t('signIn.confirmPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={confirmPlaceholder ?? t('signIn.confirmPlaceholder')}
        errors={messagesOf(errors.confirm_password as FieldError | undefined).filter(
          (message) => showMismatch || message !== AuthFormMessage.PasswordsMustMatch,
        )}
        {...form.register(confirm)}
      />
    </>
  );
}
