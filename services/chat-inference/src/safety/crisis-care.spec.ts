import { countryOfAcceptLanguage, crisisCareFor, crisisCareText } from './crisis-care';
import { CRISIS_LINES, INTERNATIONAL_LINES } from './crisis-lines';

describe('countryOfAcceptLanguage', () => {
  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ['', null],
    ['en-US', 'US'],
    ['en-us', 'US'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'BR'],
    ['pt,en-GB;q=0.8', 'GB'], // a range without a region says nothing about the country
    ['en;q=0.5, es-MX;q=0.9, en-AU;q=0.7', 'MX'], // the highest weight wins, not the first
    ['es-ES;q=0.8, en-IE;q=0.8', 'ES'], // a tie keeps the header's order
    ['en-UK', 'GB'], // not ISO, but sent
    ['zh-Hant-TW', 'TW'], // a script subtag before the region
    ['es-419', null], // a numeric region names no country
    ['fr-CA;q=0, de-DE', 'DE'], // q=0 means "not acceptable"
    ['*', null],
    ['de-DE;q=abc', 'DE'], // a malformed weight counts as 1
    ['not a tag, en-NZ', 'NZ'],
  ])('%j → %j', (header, country) => {
    expect(countryOfAcceptLanguage(header)).toBe(country);
  });
});

describe('crisisCareFor', () => {
  it.each([
    ['US', '988 Suicide & Crisis Lifeline', 'Call or text 988'],
    ['GB', 'Samaritans', '116 123'],
    ['IE', 'Samaritans', '116 123'],
    ['CA', '9-8-8 Suicide Crisis Helpline', '988'],
    ['ES', 'Línea 024', '024'],
    ['BR', 'CVV', '188'],
    ['MX', 'Línea de la Vida', '800 911 2000'],
    ['PT', 'SNS 24', '808 24 24 24'],
    ['AU', 'Lifeline', '13 11 14'],
  ])('%s: %s, %s', (country, name, contact) => {
    const care = crisisCareFor(country);
    expect(care.country).toBe(country);
    expect(care.lines[0]!.name).toContain(name);
    expect(care.lines[0]!.contact).toContain(contact);
  });

  it.each([null, 'IT', 'XX'])('%s: the international fallback (findahelpline.com)', (country) => {
    const care = crisisCareFor(country);
    expect(care.country).toBeNull();
    expect(care.lines).toEqual([expect.objectContaining({ url: 'https://findahelpline.com' })]);
    expect(care.emergency).toBe('your local emergency number');
  });
});

describe('the crisis-line table', () => {
  const entries = [...Object.entries(CRISIS_LINES), ['international', INTERNATIONAL_LINES] as const];

  it.each(entries)(
    '%s: ISO code, https links, a contact, an emergency number and a check date',
    (code, entry) => {
      if (code !== 'international') expect(code).toMatch(/^[A-Z]{2}$/);
      expect(entry.lines.length).toBeGreaterThan(0);
      for (const line of entry.lines) {
        expect(new URL(line.url).protocol).toBe('https:');
        expect(line.name.trim()).not.toBe('');
        expect(line.contact.trim()).not.toBe('');
      }
      expect(entry.emergency.trim()).not.toBe('');
      expect(entry.checked).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
    },
  );
});

describe('crisisCareText', () => {
  it('is out of character: the lines, the emergency number and that this is an AI, not the creator', () => {
    const text = crisisCareText(crisisCareFor('GB'), 'Maya');
    expect(text).toContain('Samaritans: Call 116 123');
    expect(text).toContain('in the United Kingdom');
    expect(text).toContain('call 999');
    expect(text).toContain('this chat is an AI, not Maya and not a person');
  });

  it('names no country when it does not know it', () => {
    const text = crisisCareText(crisisCareFor(null), 'Maya');
    expect(text).not.toContain(' in your country:');
    expect(text).toContain('Find A Helpline');
    expect(text).toContain('call your local emergency number');
  });
});
