import type { DurablePayloadOf, DurableSubjects } from '@backtalk/proto';

export type RequestedCodeEmail = DurablePayloadOf<typeof DurableSubjects.IdentityCodeEmailRequested>;

/** What is known of the email's account when a requested code email is handled. */
export interface AccountState {
  confirmed: boolean;
}

/**
 * What forgot password or a sign-up code resend sends, decided after the request was answered
 * (docs/security.md, "Brute force and enumeration"): a reset code only to a confirmed account; a
 * sign-up code only to an unconfirmed one, and a confirmed one's owner is told it is already
 * confirmed; nothing to an email without an account.
 */
export function codeEmailDue(
  purpose: RequestedCodeEmail['purpose'],
  account: AccountState | null,
): 'code' | 'already-confirmed' | 'nothing' {
  if (!account) return 'nothing';
  if (purpose === 'password-reset') return account.confirmed ? 'code' : 'nothing';
  return account.confirmed ? 'already-confirmed' : 'code';
}
