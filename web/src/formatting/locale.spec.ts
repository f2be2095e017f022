import { localeFor } from './locale';

describe('localeFor', () => {
  it.each([
    ['es', ['en-US', 'en'], 'es'],
    ['es', ['es-MX', 'es', 'en'], 'es-MX'],
    ['pt', ['en-GB', 'pt-BR'], 'pt-BR'],
    ['en', ['en-GB'], 'en-GB'],
    ['en', [], 'en'],
  ])('%s with a browser speaking %j is %s', (language, browser, locale) => {
    expect(localeFor(language, browser)).toBe(locale);
  });
});
