// The §5 rules of the sign-in screen's forms, as zod schemas for react-hook-form. Values are
// trimmed except passwords (spec §3); the messages are the spec's, word for word.
import {
  AuthFormMessage,
  BirthdateMessage,
  PASSWORD_MAX_LENGTH,
  checkBirthdate,
  passwordRuleViolations,
} from '@backtalk/proto/browser';
import { z } from 'zod';
import { INVALID_PHONE_MESSAGE } from './form-messages';

const required = z.string().trim().min(1, AuthFormMessage.Required);
const email = required.pipe(z.email({ message: AuthFormMessage.InvalidEmail }));
const code = required.max(16);
/** A password as typed: never trimmed, only required (sign-in: the server judges it). */
const anyPassword = z.string().min(1, AuthFormMessage.Required).max(PASSWORD_MAX_LENGTH);

/** A new password: every §5 rule, with the server's configurable minimum. */
function newPassword(minLength: number) {
  return anyPassword.superRefine((value, context) => {
    for (const message of passwordRuleViolations(value, minLength))
      context.addIssue({ code: 'custom', message });
  });
}

/** Spec §5: 'Your passwords must match' (shown per confirmMismatchVisible). */
const passwordsMatch = (values: { password: string; confirm_password: string }) =>
  values.password === values.confirm_password;
const mismatch = { message: AuthFormMessage.PasswordsMustMatch, path: ['confirm_password'] };

/** The confirm-password rule shows when both fields were touched or both have 6 or more characters. */
export function confirmMismatchVisible(
  values: { password?: string; confirm_password?: string },
  touched: { password?: boolean; confirm_password?: boolean },
): boolean {
  const password = values.password ?? '';
  const confirm = values.confirm_password ?? '';
  if (password === confirm) return false;
  return (!!touched.password && !!touched.confirm_password) || (password.length >= 6 && confirm.length >= 6);
}

export const signInSchema = z.object({ email, password: anyPassword });
export type SignInValues = z.infer<typeof signInSchema>;

/**
 * Spec §3 `birthdate` (required, trimmed; docs/safety.md, "Age"): a real day, not in the future,
 * not over 120 years ago. Under 13 is the server's to refuse, with the COPPA message.
 */
export const birthdateField = z
  .string()
  .trim()
  .min(1, AuthFormMessage.Required)
  .superRefine((text, context) => {
    const checked = checkBirthdate(text, new Date());
    if ('problem' in checked)
      context.addIssue({ code: 'custom', message: BirthdateMessage[checked.problem] });
  });

export function signUpSchema(minLength: number) {
  return z
    .object({
      email,
      birthdate: birthdateField,
      password: newPassword(minLength),
      confirm_password: z.string().min(1, AuthFormMessage.Required),
      dial_code: z.string(),
      // Optional here (no SMS sender exists); when given, only digits and separators.
      phone_number: z
        .string()
        .trim()
        .regex(/^[0-9 ()./-]{0,20}$/, INVALID_PHONE_MESSAGE),
    })
    .refine(passwordsMatch, mismatch);
}
export type SignUpValues = z.infer<ReturnType<typeof signUpSchema>>;

export function newPasswordSchema(minLength: number) {
  return z
    .object({
      password: newPassword(minLength),
      confirm_password: z.string().min(1, AuthFormMessage.Required),
    })
    .refine(passwordsMatch, mismatch);
}
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export function resetPasswordSchema(minLength: number) {
  return z
    .object({
      code,
      password: newPassword(minLength),
      confirm_password: z.string().min(1, AuthFormMessage.Required),
    })
    .refine(passwordsMatch, mismatch);
}
export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;

export const codeSchema = z.object({ code });
export type CodeValues = z.infer<typeof codeSchema>;

export const emailSchema = z.object({ email });
export type EmailValues = z.infer<typeof emailSchema>;
