import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import styles from './shell.module.css';

/** The footer's language choice (docs/architecture.md, "Languages"): kept in localStorage, sets <html lang>. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage as Language)
    : 'en';
  return (
    <label className={styles['footer__language']}>
      <span>{t('footer.language')}</span>
      <select value={current} onChange={(event) => void chooseLanguage(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
