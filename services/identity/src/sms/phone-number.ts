import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as texts are sent to it: E.164 (+14155550100). Spec §5 joins the country code to
 * the number with non-alphanumerics stripped, so a leading + is added when missing; a number
 * libphonenumber-js does not hold valid for its country is AUTH_INVALID_PHONE_NUMBER.
 */
export function toE164(raw: string): string {
  const digits = raw.trim().replace(/[^0-9+]/g, '');
  const phone = parsePhoneNumberFromString(digits.startsWith('+') ? digits : `+${digits}`);
  if (!phone?.isValid()) throw new ServiceError(ErrorCode.AuthInvalidPhoneNumber);
  return phone.number;
}

/** The E.164 form, or null when the text is not a valid number. */
export function e164OrNull(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return toE164(raw);
  } catch {
    return null;
  }
}

/** Spec §2: a phone shows only its last 4 digits. */
export function maskPhone(phone: string): string {
  return `***${phone.replace(/\D/g, '').slice(-4)}`;
}
