import { BoundedMemo } from '@backtalk/ai';
import { textLibraries } from './text-libraries';

/**
 * The languages a persona is told to answer in, by ISO 639-1 code. Detection is limited to
 * these: with every language tinyld knows, short English is often taken for Afrikaans or
 * Volapük.
 */
const ANSWER_LANGUAGES: Readonly<Record<string, string>> = {
  ar: 'Arabic',
  de: 'German',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  hi: 'Hindi',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  pl: 'Polish',
  pt: 'Portuguese',
  ru: 'Russian',
  sv: 'Swedish',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh: 'Chinese',
};

const DEFAULT_LANGUAGE = 'en';
const ONLY = Object.keys(ANSWER_LANGUAGES);
/** Fewer letters than this ("ok", "lol", "gracias") say too little to tell a language. */
const MIN_LETTERS = 8;
/** The best guess must reach this score… */
const MIN_ACCURACY = 0.1;
/** …and be this many times as likely as the runner-up. */
const MIN_LEAD = 1.5;

/**
 * What each message was found to be in: a send whose message does not tell looks at the fan's
 * earlier ones, the same texts send after send.
 */
const detected = new BoundedMemo<string | undefined>({ maxEntries: 4_000, maxKeyChars: 1_000_000 });

/**
 * The language of one message, or undefined when it is too short or too ambiguous to tell.
 */
export function detectLanguage(text: string): string | undefined {
  return detected.get(text, detectUncached);
}

function detectUncached(text: string): string | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return undefined;
  const [best, second] = textLibraries.tinyld().detectAll(text, { only: ONLY });
  if (!best || best.accuracy < MIN_ACCURACY) return undefined;
  if (second && best.accuracy < second.accuracy * MIN_LEAD) return undefined;
  return best.lang;
}

/**
 * The language to answer a message in: the message's own, else the language of the fan's
 * latest earlier message that tells one (newest first), else English.
 */
export function answerLanguage(message: string, earlierFanMessages: readonly string[]): string {
  const own = detectLanguage(message);
  if (own) return own;
  for (let i = earlierFanMessages.length - 1; i >= 0; i--) {
    const earlier = detectLanguage(earlierFanMessages[i]);
    if (earlier) return earlier;
  }
  return DEFAULT_LANGUAGE;
}

/** The prompt's line, e.g. "The fan writes in Spanish; answer in Spanish." */
export function languageRule(language: string): string {
  const name = ANSWER_LANGUAGES[language] ?? ANSWER_LANGUAGES[DEFAULT_LANGUAGE];
  return `The fan writes in ${name}; answer in ${name}.`;
}
