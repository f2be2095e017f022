// The §5 form rules' messages in the reader's language. The rules (sign-in-forms.ts, shared with
// identity through @backtalk/proto) say them in English, the spec's words; the field shows them
// through `formMessage`, which knows each English message's key (an unknown one is shown as it is).
import { AuthFormMessage, BirthdateMessage, MAXIMUM_AGE } from '@backtalk/proto/browser';
import type { TFunction } from 'i18next';
import { en } from '../../i18n/locales/en';

type Rule = keyof typeof en.signIn.rules;

/** Spec §3's phone rule (the form's own, not identity's). */
export const INVALID_PHONE_MESSAGE = en.signIn.rules.InvalidPhone;

const RULE_OF_MESSAGE = new Map<string, Rule>([
  ...Object.entries(AuthFormMessage).map(([rule, message]) => [message, rule as Rule] as const),
  [BirthdateMessage.Malformed, 'Malformed'],
  [BirthdateMessage.Future, 'Future'],
  [BirthdateMessage.Absurd, 'Absurd'],
  [INVALID_PHONE_MESSAGE, 'InvalidPhone'],
]);

const MIN_LENGTH = /^Password must have at least (\d+) characters$/;

export function formMessage(message: string, t: TFunction): string {
  const rule = RULE_OF_MESSAGE.get(message);
  if (rule) return t(`signIn.rules.${rule}`, { max: MAXIMUM_AGE });
  const min = MIN_LENGTH.exec(message);
  if (min) return t('signIn.rules.PasswordMinLength', { min: Number(min[1]) });
  return message;
}
