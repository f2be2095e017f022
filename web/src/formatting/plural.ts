// Counted words for people, by the language's own plural rules (Intl.PluralRules), until the web
// app has an i18n library (issue 24 item 4 may bring one; its messages would replace these).

/** The two English forms of a counted word; languages with more categories fall back to `other`. */
export interface WordForms {
  one: string;
  other: string;
}

/** Which form `count` takes: 'version' for 1, 'versions' for 0, 2 and 1.5. */
export function pluralWord(count: number, forms: WordForms, locales?: string | string[]): string {
  return new Intl.PluralRules(locales).select(count) === 'one' ? forms.one : forms.other;
}

/** A count with its word, the number grouped for the locale: '1 version', '2,500 followers'. */
export function countOf(count: number, forms: WordForms, locales?: string | string[]): string {
  return `${new Intl.NumberFormat(locales).format(count)} ${pluralWord(count, forms, locales)}`;
}
