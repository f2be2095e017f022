import { BoundedMemo, type BoundedMemoLimits } from '../bounded-memo';

/** Counts tokens of a text; the model's own tokenizer when there is one. */
export type TokenCounter = (text: string) => number | Promise<number>;

/** A deliberately high estimate (≈3.5 characters per token) for models whose tokenizer we cannot run here. */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 3.5);

interface CountsTokens {
  countTokens(text: string): Promise<number>;
}

function countsTokens(model: unknown): model is CountsTokens {
  return (
    typeof model === 'object' && model !== null && typeof (model as CountsTokens).countTokens === 'function'
  );
}

/**
 * Counts of the texts each prompt holds again (a conversation's history, a creator's posts): a
 * tokenizer pass per text and send otherwise. ~4 MB of keys at most.
 */
const COUNT_MEMO_LIMITS = { maxEntries: 4_000, maxKeyChars: 2_000_000 };
const counters = new WeakMap<CountsTokens, TokenCounter>();

/**
 * The counter for a chat model: exact for models that expose their tokenizer
 * (LocalLlamaChatModel's countTokens), the conservative estimate otherwise.
 * (LangChain's own getNumTokens would fetch a tiktoken file from the network.)
 * One counter per model, which remembers its counts (memoizedCounter).
 */
export function tokenCounterFor(model: unknown): TokenCounter {
  if (!countsTokens(model)) return estimateTokens;
  let counter = counters.get(model);
  if (!counter) {
    counter = memoizedCounter((text) => model.countTokens(text), COUNT_MEMO_LIMITS);
    counters.set(model, counter);
  }
  return counter;
}

/**
 * A tokenizer's counts remembered per text (a tokenizer gives one text one count); a failed count
 * is not remembered.
 */
export function memoizedCounter(
  count: (text: string) => Promise<number>,
  limits: BoundedMemoLimits,
): (text: string) => Promise<number> {
  const memo = new BoundedMemo<Promise<number>>(limits);
  return (text) =>
    memo.get(text, (key) => {
      const counted = count(key);
      counted.catch(() => memo.forget(key, counted));
      return counted;
    });
}
