/**
 * Age rules (docs/safety.md, "Age"), shared by identity (a birth date becomes a band), chat-inference
 * (a band against a creator's audience minimum) and the web app (which explains before a fan types).
 * Plain functions with no zod, so the browser bundle can import them.
 */

/** The bands a token can carry. Under 13 never has an account or a chat, so it is no band. */
export const AGE_BANDS = ['13-15', '16-17', 'adult'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** What a guest can answer to "How old are you?": the bands, and under 13. */
export const GUEST_AGE_ANSWERS = ['under-13', ...AGE_BANDS] as const;
export type GuestAgeAnswer = (typeof GUEST_AGE_ANSWERS)[number];

/** The audience a creator can choose; 13+ unless they choose otherwise. */
export const AUDIENCE_MINIMUMS = ['13+', '16+', '18+'] as const;
export type AudienceMinimum = (typeof AUDIENCE_MINIMUMS)[number];
export const DEFAULT_AUDIENCE_MINIMUM: AudienceMinimum = '13+';

/** COPPA: nobody younger has an account, a chat, or anything kept. */
export const MINIMUM_AGE = 13;
/** Older than this is a typing mistake, not an age. */
export const MAXIMUM_AGE = 120;

/**
 * Ages are counted on the calendar date "anywhere on Earth" (UTC−12): a birthday counts once it
 * has begun everywhere, so nobody is treated as older than they are in their own time zone.
 */
export const AGE_TIME_ZONE = 'Etc/GMT+12';

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A `YYYY-MM-DD` birth date (the OpenID `birthdate` claim's form) that names a real day, else null. */
export function parseBirthdate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date it is at `now` in `timeZone` (an IANA name). */
export function calendarDateIn(now: Date, timeZone: string = AGE_TIME_ZONE): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * Whole years from `birth` to `today`. A 29 February birthday is reached on 1 March in a year
 * without one: the later day, so nobody is counted older early.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const birthday =
    birth.month === 2 && birth.day === 29 && !isLeapYear(today.year) ? { month: 3, day: 1 } : birth;
  const reached =
    today.month > birthday.month || (today.month === birthday.month && today.day >= birthday.day);
  return today.year - birth.year - (reached ? 0 : 1);
}

/** The band for an age; under 13 is no band. */
export function ageBandOf(age: number): AgeBand | 'under-13' {
  if (age < MINIMUM_AGE) return 'under-13';
  if (age < 16) return '13-15';
  if (age < 18) return '16-17';
  return 'adult';
}

/** Why a birth date cannot be used, in words for the person who typed it. */
export const BirthdateMessage = {
  Malformed: 'Enter your birth date as a real date (YYYY-MM-DD).',
  Future: 'Your birth date cannot be in the future.',
  Absurd: `Check your birth date: it makes you older than ${MAXIMUM_AGE}.`,
  Under13: `You must be at least ${MINIMUM_AGE} years old to use Backtalk. Nothing you entered has been kept.`,
} as const;

/** A birth date checked at `now`: its band, or the message that says what is wrong with it. */
export function checkBirthdate(
  text: string,
  now: Date,
): { ageBand: AgeBand | 'under-13' } | { problem: Exclude<keyof typeof BirthdateMessage, 'Under13'> } {
  const birth = parseBirthdate(text);
  if (!birth) return { problem: 'Malformed' };
  const age = ageOn(birth, calendarDateIn(now));
  // The day itself counts as "today or earlier" wherever the person is: only after UTC+14's date is it future.
  const latest = calendarDateIn(now, 'Etc/GMT-14');
  if (ageOn(birth, latest) < 0) return { problem: 'Future' };
  if (age > MAXIMUM_AGE) return { problem: 'Absurd' };
  return { ageBand: ageBandOf(Math.max(age, 0)) };
}

const BAND_RANK: Record<AgeBand, number> = { '13-15': 13, '16-17': 16, adult: 18 };
const MINIMUM_RANK: Record<AudienceMinimum, number> = { '13+': 13, '16+': 16, '18+': 18 };

/**
 * Whether a fan of `band` may chat with a creator whose audience starts at `minimum`. A fan whose
 * band is unknown (a token from before bands, a client that skipped the question) counts as the
 * youngest band with an account: 13+ chats only, under the minors' rules.
 */
export function meetsAudienceMinimum(band: AgeBand | null | undefined, minimum: AudienceMinimum): boolean {
  return BAND_RANK[band ?? '13-15'] >= MINIMUM_RANK[minimum];
}

/** Whether the fan is a minor: every band but adult, and an unknown one. */
export function isMinorBand(band: AgeBand | null | undefined): boolean {
  return band !== 'adult';
}
