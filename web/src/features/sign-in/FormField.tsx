import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formMessage } from './form-messages';
import styles from './sign-in.module.css';

/** Every message of a field's error: the §5 password rules can fail several at once. */
export function messagesOf(error: FieldError | undefined): string[] {
  if (!error) return [];
  const all = error.types
    ? Object.values(error.types).flatMap((value) =>
        Array.isArray(value) ? value : typeof value === 'string' ? [value] : [],
      )
    : [];
  const messages = all.length ? all : error.message ? [error.message] : [];
  return [...new Set(messages.map(String))];
}

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Messages shown under the field (and announced). */
  errors?: string[];
  /** Put before the input in the same row (the dial-code select). */
  before?: ReactNode;
}

/** A labelled input with its validation messages (in the reader's language). Use with react-hook-form's `register`. */
export function FormField({ label, errors = [], before, id, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-errors`;
  return (
    <div className={styles['field']}>
      <label className={styles['field__label']} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles['field__row']}>
        {before}
        <input
          id={inputId}
          className={styles['field__input']}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? errorId : undefined}
          {...input}
        />
      </div>
      {errors.length ? (
        <ul id={errorId} className={styles['field__errors']}>
          {errors.map((message) => (
            <li key={message}>{formMessage(message, t)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The server's words for a failed call (spec §8: other remote errors show their message). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className={styles['form-error']}>
      {message}
    </p>
  );
}

/** A one-time code from an email, a text or an authenticator app. */
export function CodeField(props: Omit<FormFieldProps, 'inputMode' | 'autoComplete'>) {
  return <FormField inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

/** A form's submit button: disabled, and saying `pendingLabel`, while its call runs (spec §2). */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      className={styles['form__submit']}
      disabled={disabled}
      pending={pending}
      pendingLabel={pendingLabel}
    >
      {children}
    </Button>
  );
}
