import { chooseLanguage, i18n, resources } from './i18n';
import { detectLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES } from './languages';
import { en } from './locales/en';

/** Every message of a language as 'section.key' → text. */
function flatten(messages: object, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) flat.set(inner, text);
  }
  return flat;
}

/** The {{placeholders}} and <n>tags</n> a message needs filled, sorted. */
const slotsOf = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\d+)>/g)].map((m) => m[0]).sort();

const english = flatten(en);

describe.each(
  LANGUAGES.filter((language) => language !== 'en').map((language) => [
    language,
    resources[language].translation,
  ]),
)('%s messages', (_language, messages) => {
  const translated = flatten(messages);

  it('has every English key, each a non-empty text, and no key English lacks', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });

  it('fills the same placeholders and tags as English', () => {
    for (const [key, text] of english) {
      expect([key, slotsOf(translated.get(key) ?? '')]).toEqual([key, slotsOf(text)]);
    }
  });

  it(`is not English (a copied text is a forgotten translation) for most keys`, () => {
    const same = [...english].filter(([key, text]) => translated.get(key) === text).map(([key]) => key);
    // Names and words the languages share ('Legal', 'Demo', 'Código') may stay; a whole screen may not.
    expect(same.length).toBeLessThan(english.size / 20);
  });
});

describe('plurals (i18next, by Intl.PluralRules)', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it.each([
    ['en', 0, '0 creators'],
    ['en', 1, '1 creator'],
    ['en', 2, '2 creators'],
    ['en', 2500, '2,500 creators'],
    ['es', 1, '1 creador'],
    ['es', 3, '3 creadores'],
    ['es', 2500, '2500 creadores'],
    ['pt', 1, '1 criador'],
    ['pt', 7, '7 criadores'],
  ])('%s, %d: %s', async (language, count, text) => {
    await i18n.changeLanguage(language);
    expect(i18n.t('discover.creators', { count })).toBe(text);
  });

  it('counts followers with the locale’s grouping', async () => {
    expect(i18n.t('discover.followers', { count: 1 })).toBe('1 follower');
    expect(i18n.t('discover.followers', { count: 21700 })).toBe('21,700 followers');
    await i18n.changeLanguage('pt');
    expect(i18n.t('discover.followers', { count: 21700 })).toBe('21.700 seguidores');
  });
});

describe('choosing the language', () => {
  afterEach(() => {
    localStorage.clear();
    void i18n.changeLanguage('en');
  });

  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['fr-FR', 'pt-BR', 'es'], 'pt'],
    [['EN-gb'], 'en'],
    [['fr', 'de'], 'en'],
    [[], 'en'],
  ])('from the browser’s languages %p: %s', (browser, language) => {
    expect(detectLanguage(browser)).toBe(language);
  });

  it('keeps the footer’s choice over the browser’s languages, and marks <html lang>', async () => {
    await chooseLanguage('pt');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
    expect(detectLanguage(['es-ES'])).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    expect(i18n.t('footer.language')).toBe('Idioma');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(detectLanguage(['es'])).toBe('es');
  });
});
