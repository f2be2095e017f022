import type { SmsCodePurpose } from '../code/verification-code.entity';
import type { SmsMessage } from './sms-sender';

const PURPOSES: Record<SmsCodePurpose, string> = {
  'verify-phone': 'verify this phone number on Backtalk',
  'mfa-sms-setup': 'get your Backtalk sign-in codes by text',
  'mfa-sms-sign-in': 'finish signing in to Backtalk',
  'mfa-sms-step-up': 'turn off text message codes for signing in to Backtalk',
};

/** The text carrying a code: short (one SMS segment), code first, and never to be shared. */
export function codeSms(to: string, purpose: SmsCodePurpose, code: string, minutes: number): SmsMessage {
  return {
    to,
    text: `Your Backtalk code is ${code}. Enter it to ${PURPOSES[purpose]}. It works once, for ${minutes} minutes. Do not share it.`,
  };
}
