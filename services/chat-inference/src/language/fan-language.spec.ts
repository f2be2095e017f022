import { answerLanguage, detectLanguage, languageRule } from './fan-language';

describe('detectLanguage', () => {
  const table: [string, string | undefined][] = [
    ['Hola, ¿cómo estás?', 'es'],
    ['¿Cuál es tu comida favorita?', 'es'],
    ['Hola! Me encantan tus videos de cocina', 'es'],
    ['Me llamo Ana y me encanta el yoga', 'es'],
    ['Olá, tudo bem? Eu gosto de futebol', 'pt'],
    ['Hallo, wie geht es dir?', 'de'],
    ["Bonjour, je m'appelle Luc", 'fr'],
    ['what is your favorite food?', 'en'],
    ['Tell me about your last trip', 'en'],
    ['My name is Sam', 'en'],
    ['Привет, как дела?', 'ru'],
    ['こんにちは、元気ですか', 'ja'],
    // Too short to tell.
    ['ok', undefined],
    ['lol', undefined],
    ['yes', undefined],
    ['gracias', undefined],
    ['haha ok', undefined],
    ['😀😀😀😀😀😀😀😀', undefined],
    ['1234567890 !!!', undefined],
    ['', undefined],
  ];
  it.each(table)('%j → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
    // Asked again (an earlier message, send after send): the same answer, remembered.
    expect(detectLanguage(text)).toBe(language);
  });
});

describe('answerLanguage', () => {
  const table: [string, string[], string][] = [
    ['Hola, ¿cómo estás?', [], 'es'],
    // A message in a new language wins over the conversation's.
    ['what is your favorite food?', ['Hola, ¿cómo estás?'], 'en'],
    // Short or ambiguous: the fan's latest earlier message that tells a language.
    ['ok', ['Hallo, wie geht es dir?', 'Hola, ¿cómo estás?'], 'es'],
    ['gracias', ['Olá, tudo bem? Eu gosto de futebol', 'lol'], 'pt'],
    // Nothing tells: English.
    ['ok', [], 'en'],
    ['lol', ['yes', 'haha ok'], 'en'],
  ];
  it.each(table)('%j after %j → %s', (message, earlier, language) => {
    expect(answerLanguage(message, earlier)).toBe(language);
  });
});

describe('languageRule', () => {
  it.each([
    ['es', 'The fan writes in Spanish; answer in Spanish.'],
    ['pt', 'The fan writes in Portuguese; answer in Portuguese.'],
    ['en', 'The fan writes in English; answer in English.'],
    ['xx', 'The fan writes in English; answer in English.'],
  ])('%s → %j', (language, rule) => {
    expect(languageRule(language)).toBe(rule);
  });
});
