/**
 * The part of the contract the web app imports (`@backtalk/proto/browser`): plain
 * constants with no zod, so the browser bundle stays small. Schemas build on these.
 */

/** Spec §2: a handle is word characters, dots and hyphens (as it appears after `/@`). */
export const HANDLE_PATTERN = /^[\w.-]+$/;

/** The group whose members hold the admin role (identity grants it; services check it). */
export const Role = { Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Whether the caller holds the admin role: membership of the admin group. */
export function isAdmin(actor: { groups: readonly string[] }): boolean {
  return actor.groups.includes(Role.Admin);
}

/**
 * Spec §5 password rules, shared by the sign-up form and identity (which
 * applies them again with its configured minimum, PASSWORD_MIN_LENGTH).
 */
export const PASSWORD_MIN_LENGTH_DEFAULT = 8;
/** Longest password accepted anywhere (ASVS 6.2.9 asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §5: the characters that count as special, the space included. */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

/** Spec §5 form messages, word for word. */
export const AuthFormMessage = {
  Required: 'This field is required',
  InvalidEmail: 'Please enter a valid email',
  PasswordsMustMatch: 'Your passwords must match',
  PasswordLowerCase: 'Password must have lower case letters',
  PasswordUpperCase: 'Password must have upper case letters',
  PasswordNumbers: 'Password must have numbers',
  PasswordSpecial: 'Password must have special characters',
} as const;

export function passwordMinLengthMessage(minLength: number): string {
  return `Password must have at least ${minLength} characters`;
}

/** Every §5 rule the password breaks, in the spec's order; empty when it is acceptable. */
export function passwordRuleViolations(
  password: string,
  minLength: number = PASSWORD_MIN_LENGTH_DEFAULT,
): string[] {
  const violations: string[] = [];
  if ([...password].length < minLength) violations.push(passwordMinLengthMessage(minLength));
  if (!/\p{Ll}/u.test(password)) violations.push(AuthFormMessage.PasswordLowerCase);
  if (!/\p{Lu}/u.test(password)) violations.push(AuthFormMessage.PasswordUpperCase);
  if (!/[0-9]/.test(password)) violations.push(AuthFormMessage.PasswordNumbers);
  if (![...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character)))
    violations.push(AuthFormMessage.PasswordSpecial);
  return violations;
}

/** The header the web app sends on cookie-authenticated auth routes (refresh, sign-out): CSRF defence. */
export const CSRF_HEADER = 'X-Backtalk-CSRF';
