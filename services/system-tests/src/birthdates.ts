import { calendarDateIn } from '@backtalk/proto';

/** A birth date that makes an adult, for sign-ups whose age is not what a test is about. */
export const ADULT_BIRTHDATE = '1990-05-17';

/** The birth date of someone `years` old today (anywhere on Earth), their birthday `days` away. */
export function birthdateAged(years: number, days = 0): string {
  const today = calendarDateIn(new Date());
  return new Date(Date.UTC(today.year - years, today.month - 1, today.day + days)).toISOString().slice(0, 10);
}
