import type { EmailCodePurpose } from '../code/verification-code.entity';
import type { MailMessage } from './mailer';

const SUBJECTS: Record<EmailCodePurpose, string> = {
  'sign-up': 'Your Backtalk confirmation code',
  'password-reset': 'Your Backtalk password reset code',
  'verify-email': 'Your Backtalk verification code',
  'mfa-sign-in': 'Your Backtalk sign-in code',
  'mfa-email-setup': 'Your Backtalk two-step sign-in setup code',
  'mfa-step-up': 'Your Backtalk security code',
};

const PURPOSES: Record<EmailCodePurpose, string> = {
  'sign-up': 'confirm your new Backtalk account',
  'password-reset': 'choose a new Backtalk password',
  'verify-email': 'verify your email address on Backtalk',
  'mfa-sign-in': 'finish signing in to Backtalk',
  'mfa-email-setup': 'receive your Backtalk sign-in codes at this address',
  'mfa-step-up': 'turn off email codes for signing in to Backtalk',
};

/** The email carrying a code; plain text, so the code reads the same in any client. */
export function codeEmail(to: string, purpose: EmailCodePurpose, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: SUBJECTS[purpose],
    text: [
      `Your code is ${code}`,
      '',
      `Enter it to ${PURPOSES[purpose]}. It works once, for ${minutes} minutes.`,
      '',
      'If you did not ask for it, ignore this email: nothing changes without the code.',
    ].join('\n'),
  };
}

/** Spec §2: an email shows the first and last character of its local part (a***e@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? '' : email.slice(at);
  const characters = [...local];
  if (characters.length <= 1) return `${characters[0] ?? ''}***${domain}`;
  return `${characters[0]}***${characters[characters.length - 1]}${domain}`;
}

/** ASVS 6.3.7: the owner hears of every change to their password, so one they did not make is noticed. */
export function passwordChangedEmail(to: string, how: 'reset' | 'changed'): MailMessage {
  return {
    to,
    subject: 'Your Backtalk password was changed',
    text: [
      how === 'reset'
        ? 'Your Backtalk password was just reset with a code sent to this address. Every session was signed out.'
        : 'Your Backtalk password was just changed by someone signed in to your account.',
      '',
      'If this was not you, choose a new password at once with "Forgot your password?" on the sign-in page.',
    ].join('\n'),
  };
}

/**
 * A sign-up code resend for an account that is already confirmed (issue 21 item 14): the answer
 * to the request is the same as for any email, so the owner learns it here.
 */
export function alreadyConfirmedEmail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Backtalk account is already confirmed',
    text: [
      'Someone asked for a new confirmation code for this address, but your Backtalk account is already confirmed: no code is needed.',
      '',
      'Sign in with this email and your password. If you forgot your password, choose a new one with "Forgot your password?" on the sign-in page.',
      '',
      'If you did not ask, ignore this email: nothing changed.',
    ].join('\n'),
  };
}
