// Moments for people, in the given locale (the language shown: formatting/locale.ts) and the browser's time zone, always naming the zone (Intl.DateTimeFormat):
// a time a fan must act on ('send more after …') is not readable without it.

export interface MomentOptions {
  /** Today, for telling whether the date must be said (default: now). */
  now?: Date;
  /** Default: the browser's languages. */
  locales?: string | string[];
  /** Default: the browser's zone. */
  timeZone?: string;
}

/** The calendar day of `date` in `timeZone`, comparable between dates. */
function dayIn(date: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/**
 * A moment from the server (ISO text): '3:45 PM GMT+2' when it is today where the reader is,
 * 'Jan 5, 3:45 PM GMT+2' on another day, in the reader's locale; null when it is missing or unreadable.
 */
export function formatMoment(
  iso: string | null | undefined,
  { now = new Date(), locales, timeZone }: MomentOptions = {},
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const today = dayIn(date, timeZone) === dayIn(now, timeZone);
  return new Intl.DateTimeFormat(locales, {
    timeZone,
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/**
 * When a conversation last saw activity, in the given locale and the reader's zone: the time
 * today, the weekday within the last six days, else the date (with the year when not this
 * year's); '' when unreadable. My chats and the creator's inbox show it beside each thread.
 */
export function formatActivity(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) return date.toLocaleDateString(locale, { weekday: 'short' });
  return date.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}
