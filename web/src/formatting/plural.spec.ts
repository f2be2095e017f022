import { countOf, pluralWord } from './plural';

const version = { one: 'version', other: 'versions' };

describe('countOf / pluralWord', () => {
  it.each([
    [0, 'en', '0 versions'],
    [1, 'en', '1 version'],
    [2, 'en', '2 versions'],
    [1.5, 'en', '1.5 versions'],
    [2500, 'en', '2,500 versions'],
    // French counts 0 and 1 as singular; its grouping is its own.
    [0, 'fr', '0 version'],
    [2500, 'fr', '2\u202f500 versions'],
  ])('%s in %s: %s', (count, locale, text) => {
    expect(countOf(count, version, locale)).toBe(text);
  });

  it('picks the word alone, for phrases like "0 of 1 creator done"', () => {
    expect(pluralWord(1, { one: 'creator', other: 'creators' }, 'en')).toBe('creator');
    expect(pluralWord(3, { one: 'creator', other: 'creators' }, 'en')).toBe('creators');
  });
});
