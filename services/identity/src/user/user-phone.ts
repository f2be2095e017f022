import { e164OrNull } from '../sms/phone-number';
import type { UserEntity } from './user.entity';

/** The account's phone number (the `phone_number` attribute) in E.164, or null without a valid one. */
export function phoneOf(user: Pick<UserEntity, 'attributes'>): string | null {
  return e164OrNull(user.attributes['phone_number']);
}

/**
 * The phone number when a texted code proved it (spec §4 "Verify attributes"); a number changed
 * since is unverified again.
 */
export function verifiedPhoneOf(user: Pick<UserEntity, 'attributes' | 'verifiedPhoneNumber'>): string | null {
  const phone = phoneOf(user);
  return phone !== null && phone === user.verifiedPhoneNumber ? phone : null;
}
