import { appLocale } from '../../formatting/locale';

/** A post date for citations, e.g. "Mar 3, 2025" ("3 mar 2025" in Spanish): in the language shown. */
export function formatPostDate(iso: string, locale: string = appLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' });
}
