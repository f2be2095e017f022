// The languages the web app speaks and how the reader's one is chosen: a choice made in the footer's
// switcher (kept in localStorage), else the first of the browser's languages (navigator.languages)
// that we have, else English.

export const LANGUAGES = ['en', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', pt: 'Português' };

/** localStorage: the language the reader picked in the footer. */
export const LANGUAGE_STORAGE_KEY = 'BACKTALK_LANGUAGE';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'es' for 'es-419', 'pt' for 'pt-BR'; null for a language we do not have. */
function languageOf(tag: string): Language | null {
  const base = tag.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage blocked: the browser's languages decide
  }
}

/** The language to show: the stored choice, else the browser's first supported language, else 'en'. */
export function detectLanguage(browserLanguages: readonly string[] = navigator.languages ?? []): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of browserLanguages) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
