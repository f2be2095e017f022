import { type AgeBand, checkBirthdate } from '@backtalk/proto';
import type { UserEntity } from './user.entity';

/**
 * A user's age band now (docs/safety.md, "Age"): a guest's confirmed band; an account's from its
 * `birthdate` attribute, counted again at every token, so a fan moves up a band on their birthday.
 * Null when unknown (never asked; or a birth date stored before it was checked that is not a
 * usable one), which the web asks for before the first message.
 */
export function ageBandOfUser(
  user: Pick<UserEntity, 'isGuest' | 'attributes' | 'confirmedAgeBand'>,
  now: Date,
): AgeBand | null {
  if (user.isGuest) return user.confirmedAgeBand;
  const birthdate = user.attributes['birthdate'];
  if (birthdate === undefined) return null;
  const checked = checkBirthdate(birthdate, now);
  return 'ageBand' in checked && checked.ageBand !== 'under-13' ? checked.ageBand : null;
}
