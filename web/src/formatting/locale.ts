import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

// Dates and times are written in the language the reader sees (the footer's choice, i18n.language),
// not the browser's: a Spanish page says "21 ago 2026" even in an English browser. The browser's
// region is kept when it speaks that language too ('es-MX' for a Mexican browser reading Spanish).

/** The BCP 47 locale for `language`: the first of the browser's languages of that language, else the language itself. */
export function localeFor(
  language: string,
  browserLanguages: readonly string[] = navigator.languages ?? [],
): string {
  const base = language.toLowerCase().split('-')[0];
  return browserLanguages.find((tag) => tag.toLowerCase().split('-')[0] === base) ?? language;
}

/** The locale of the language shown now (outside React; components use `useLocale`). */
export function appLocale(): string {
  return localeFor(i18n.language);
}

/** The locale of the language shown; re-renders when the reader picks another language. */
export function useLocale(): string {
  const { i18n: current } = useTranslation();
  return localeFor(current.language);
}
