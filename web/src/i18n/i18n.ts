// i18next with every message bundled (no loading, no flash of keys): `t` is typed by the English
// messages (i18next.d.ts), so a key that English lacks is a type error, and Spanish and Portuguese
// are typed to have every English key.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, storeLanguage, type Language } from './languages';
import { en } from './locales/en';
import { es } from './locales/es';
import { pt } from './locales/pt';

export const resources = {
  en: { translation: en },
  es: { translation: es },
  pt: { translation: pt },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'es', 'pt'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

function markDocument(language: string): void {
  document.documentElement.lang = language;
}
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

/** The footer's switcher: shows `language` now and on every later visit. */
export function chooseLanguage(language: Language): Promise<unknown> {
  storeLanguage(language);
  return i18n.changeLanguage(language);
}

export { i18n };
