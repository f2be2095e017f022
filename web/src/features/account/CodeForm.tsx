import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { AuthFormMessage } from '@backtalk/proto/browser';
import { z } from 'zod';
import { Button } from '../../components/Button';
import styles from './account.module.css';
import { errorText } from './account-format';

const codeFormSchema = z.object({
  code: z.string().trim().min(1, AuthFormMessage.Required).max(16, 'The code is at most 16 characters'),
});
type CodeFormValues = z.infer<typeof codeFormSchema>;

export interface CodeFormProps {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last attempt's failure, shown in the server's words. */
  error: unknown;
  onSubmit(code: string): void;
  onCancel?: () => void;
  /** Below the field, e.g. where the code was sent. */
  hint?: string;
}

/** One code field (a verification or MFA code) with its submit and cancel buttons. */
export function CodeForm({
  label,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  hint,
}: CodeFormProps) {
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeFormValues>({ resolver: zodResolver(codeFormSchema), mode: 'onTouched' });
  const fieldError = errors.code?.message;
  return (
    <form className={styles['code-form']} onSubmit={handleSubmit(({ code }) => onSubmit(code))} noValidate>
      <label htmlFor={fieldId} className={styles['field__label']}>
        {label}
      </label>
      <div className={styles['code-form__row']}>
        <input
          id={fieldId}
          className={styles['field__input']}
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${fieldId}-error` : undefined}
          data-autofocus
          {...register('code')}
        />
        <Button type="submit" size="sm" pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
      {hint ? <p className={styles['field__hint']}>{hint}</p> : null}
      {fieldError ? (
        <p id={`${fieldId}-error`} className={styles['field__error']}>
          {fieldError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles['field__error']}>
          {errorText(error)}
        </p>
      ) : null}
    </form>
  );
}
