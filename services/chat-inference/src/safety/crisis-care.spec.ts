import {
  countryOfAcceptLanguage,
  crisisCareFor,
  crisisCareForFan,
  crisisCareText,
  crisisLanguageOf,
} from './crisis-care';
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

describe('crisisLanguageOf: the message first, then Accept-Language, then English', () => {
  it.each<[string, string | undefined, 'en' | 'es' | 'pt']>([
    ['I want to kill myself', undefined, 'en'],
    ['quiero morir, ya no puedo más', undefined, 'es'],
    ['Quiero matarme', 'en-US', 'es'], // the message outweighs the browser's language
    ['eu quero morrer, não aguento mais', undefined, 'pt'],
    ['Não quero mais viver', 'es-MX', 'pt'],
    ['nadie me quiere, estoy sola', 'pt-BR', 'es'],
    ['ninguém liga pra mim, estou sozinha', undefined, 'pt'],
    ['I want to die', 'pt-BR,pt;q=0.9', 'en'],
    ['...', 'pt-BR,pt;q=0.9,en;q=0.8', 'pt'], // nothing to go by in the message
    ['...', 'fr-FR, es;q=0.8, en;q=0.5', 'es'], // the first of the three by weight
    ['...', 'en;q=0.4, pt;q=0.6', 'pt'],
    ['...', 'es;q=0, en', 'en'], // q=0: not acceptable
    ['...', undefined, 'en'],
    ['...', 'de-DE', 'en'],
    ['nada', 'es-ES', 'es'], // a word both share: a tie decides nothing
    ['nada', 'pt-PT', 'pt'],
  ])('%j with %j → %s', (message, header, language) => {
    expect(crisisLanguageOf(message, header)).toBe(language);
  });
});

describe('the crisis card in Spanish and Portuguese', () => {
  it.each([
    [
      'quiero morir',
      'es-ES',
      'es',
      [
        'Salgo un momento de la conversación',
        'en España:',
        'Llama al 024',
        'llama al 112',
        'no Maya ni una persona',
      ],
    ],
    [
      'quiero morir',
      'es-MX',
      'es',
      ['en México:', 'Llama al 800 911 2000', 'llama al 911', 'este chat es una IA'],
    ],
    [
      'quero morrer',
      'pt-BR',
      'pt',
      ['Vou sair da conversa', 'no Brasil:', 'Ligue 188', 'ligue para 192', 'não Maya nem uma pessoa'],
    ],
    [
      'quero morrer',
      'pt-PT',
      'pt',
      ['em Portugal:', 'Ligue 808 24 24 24', 'Ligue 213 544 545', 'ligue para 112'],
    ],
    [
      'quero morrer',
      'en-US',
      'pt',
      ['nos Estados Unidos:', '988 Suicide & Crisis Lifeline: Call or text 988'],
    ],
    [
      'quiero morir',
      undefined,
      'es',
      ['Find A Helpline: Líneas de ayuda gratuitas', 'llama al número de emergencias local'],
    ],
    ['quero morrer', 'it-IT', 'pt', ['Linhas de apoio gratuitas', 'ligue para o número de emergência local']],
    ['I want to die', 'es-ES', 'en', ["I'm stepping out of the chat", 'in Spain:', 'Call 024', 'call 112']],
  ])('%j with %j: in %s', (message, header, language, expected) => {
    const care = crisisCareForFan(message, header);
    expect(care.language ?? 'en').toBe(language);
    const text = crisisCareText(care, 'Maya');
    for (const part of expected) expect(text).toContain(part);
    // The same resources whatever the language: only the words change.
    expect(care.lines.map((line) => line.url)).toEqual(
      crisisCareFor(countryOfAcceptLanguage(header)).lines.map((line) => line.url),
    );
  });

  it('has Spanish and Portuguese names for every country and contacts for the Spanish- and Portuguese-speaking ones', () => {
    for (const [code, entry] of Object.entries(CRISIS_LINES)) {
      expect([code, entry.countryIn?.es, entry.countryIn?.pt].every(Boolean)).toBe(true);
      if (['ES', 'MX', 'BR', 'PT'].includes(code))
        for (const line of entry.lines)
          expect([code, line.translated?.es, line.translated?.pt].every(Boolean)).toBe(true);
    }
  });
});
