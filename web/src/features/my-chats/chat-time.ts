import { appLocale } from '../../formatting/locale';
import { i18n } from '../../i18n/i18n';

/**
 * When a conversation last saw activity, in the language shown: the time today, the weekday this
 * week, else the date.
 */
export function formatActivity(iso: string, now: Date = new Date(), locale: string = appLocale()): string {
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

/** The unread badge's words in the reader's language (i18next plurals): "3 unread replies", "1 unread reply". */
export function unreadLabel(count: number): string {
  return i18n.t('myChats.unread', { count });
}
