import type { stemmer as Stemmer } from 'stemmer' with { 'resolution-mode': 'import' };
import stopwordsIso from 'stopwords-iso/stopwords-iso.json';

// `stemmer` is ESM-only; Node ≥ 20.19 (package.json engines) loads it with require(esm), and the
// analyzer must stay synchronous, so no dynamic import here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stemmer: porterStem } = require('stemmer') as { stemmer: typeof Stemmer };

/**
 * Turns text into index terms for BM25-style ranking, with no model weights:
 * Unicode normalisation, lower-casing, Unicode word split (dictionary-based
 * segmentation for scripts written without spaces), English stop words
 * (`stopwords-iso`) and the Porter stemmer (`stemmer`). The in-memory index and
 * the Qdrant sparse vectors both use it, so queries and posts agree.
 */

// Words: letters, marks and digits, with inner apostrophes ("don't", "creator's"). Emoji count as words of their own.
const TOKEN_PATTERN = /\p{Extended_Pictographic}|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
// Scripts written without spaces between words need a dictionary-based segmenter.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}]+$/u;
const COMBINING_MARKS = /\p{M}+/gu;
const MAX_TERM_LENGTH = 40;

// Apostrophes are dropped before the look-up ("don't" → "dont"), so the list is folded the same way.
const STOP_WORDS = new Set(
  [
    ...stopwordsIso.en,
    // Filler that fans put around a question and that says nothing about the topic.
    ...'also just really ever tell told say said know think talk mention mentioned hey hi hello please u ur yeah yes oh ok okay'.split(
      ' ',
    ),
  ].map((word) => word.replace(/['’]/gu, '')),
);

let segmenter: Intl.Segmenter | undefined;

export interface AnalyzeOptions {
  /** Keep at most this many terms (after stop words); longer input is cut. */
  maxTerms?: number;
  /** Drop repeated terms (for queries: a term repeated in a question should not count twice). */
  unique?: boolean;
}

export function analyzeText(text: string, options: AnalyzeOptions = {}): string[] {
  const terms: string[] = [];
  const seen = options.unique ? new Set<string>() : undefined;
  const max = options.maxTerms ?? Number.POSITIVE_INFINITY;
  if (!text) return terms;
  for (const word of wordsOf(text.normalize('NFKC').toLowerCase())) {
    const term = normalizeTerm(word);
    if (term === null) continue;
    if (seen) {
      if (seen.has(term)) continue;
      seen.add(term);
    }
    terms.push(term);
    if (terms.length >= max) break;
  }
  return terms;
}

function* wordsOf(text: string): Generator<string> {
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const word = match[0];
    if (UNSPACED_SCRIPT.test(word)) {
      segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
      for (const part of segmenter.segment(word)) if (part.isWordLike) yield part.segment;
    } else {
      yield word;
    }
  }
}

// Words repeat across posts and questions, and normalising one (Unicode folding, the stop
// list, the stemmer) costs far more than a look-up: filling the index at start analyses
// every post. Bounded in entries and in word length, so arbitrary input cannot grow it.
const TERM_CACHE_SIZE = 50_000;
const termCache = new Map<string, string | null>();

function normalizeTerm(word: string): string | null {
  if (word.length > MAX_TERM_LENGTH) return normalizeUncached(word);
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  const term = normalizeUncached(word);
  if (termCache.size >= TERM_CACHE_SIZE) termCache.clear();
  termCache.set(word, term);
  return term;
}

function normalizeUncached(word: string): string | null {
  let term = word;
  if (LATIN_WORD.test(term)) term = term.normalize('NFD').replace(COMBINING_MARKS, '');
  term = term.replace(/['’]s$/u, '').replace(/['’]/gu, '');
  if (term.length === 0 || term.length > MAX_TERM_LENGTH || STOP_WORDS.has(term)) return null;
  return /^[a-z]+$/.test(term) ? stem(term) : term;
}

/** The Porter stemmer (the `stemmer` package), for plain lower-case ASCII words. */
export function stem(word: string): string {
  return porterStem(word);
}
