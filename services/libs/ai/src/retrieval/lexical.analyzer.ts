/**
 * Turns text into index terms for BM25-style ranking, with no model weights:
 * Unicode normalisation, lower-casing, Unicode word split (dictionary-based
 * segmentation for scripts written without spaces), English stop words and a
 * light stemmer (Porter's steps 1 and 5a: plurals, -ed, -ing, final e). The in-memory index and
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

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are arent as at be because been before being below between both but by ' +
    'can cant cannot could couldnt did didnt do does doesnt doing dont down during each few for from further had hadnt has hasnt have havent having ' +
    'he hed hell hes her here heres hers herself him himself his how hows i id ill im ive if in into is isnt it its itself lets me more most mustnt my myself ' +
    'no nor not of off on once only or other ought our ours ourselves out over own same shant she shed shell shes should shouldnt so some such ' +
    'than that thats the their theirs them themselves then there theres these they theyd theyll theyre theyve this those through to too ' +
    'under until up very was wasnt we wed well were weve werent what whats when whens where wheres which while who whos whom why whys will with wont ' +
    'would wouldnt you youd youll youre youve your yours yourself yourselves ' +
    // Filler that fans put around a question and that says nothing about the topic.
    'also just really ever tell told say said know think talk mention mentioned hey hi hello please u ur yeah yes oh ok okay'
  ).split(' '),
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

function normalizeTerm(word: string): string | null {
  let term = word;
  if (LATIN_WORD.test(term)) term = term.normalize('NFD').replace(COMBINING_MARKS, '');
  term = term.replace(/['’]s$/u, '').replace(/['’]/gu, '');
  if (term.length === 0 || term.length > MAX_TERM_LENGTH || STOP_WORDS.has(term)) return null;
  return /^[a-z]+$/.test(term) ? stem(term) : term;
}

// ---- Porter stemmer, steps 1 and 5a only (Porter 1980, "An algorithm for suffix stripping") ----

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if ('aeiou'.includes(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** consonant-vowel-consonant, where the last consonant is not w, x or y ("hop", not "snow"). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  const last = word[n - 1];
  return (
    isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !'wxy'.includes(last)
  );
}

export function stem(word: string): string {
  if (word.length <= 2) return word;
  let w = word;
  // Step 1a: plurals.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('ss')) {
    /* keep */
  } else if (w.endsWith('s') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  // Step 1b: past tense and gerunds.
  let stripped = false;
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    stripped = true;
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    stripped = true;
  }
  if (stripped) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (endsWithDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += 'e';
  }
  // Step 1c: y -> i when the stem has a vowel ("happy" and "happiness" meet at "happi").
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  // Step 5a: a final e goes, unless the stem is short and ends consonant-vowel-consonant ("bake" stays, "cookie" meets "cookies").
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  return w;
}
