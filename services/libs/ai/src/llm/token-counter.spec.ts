import { estimateTokens, memoizedCounter, tokenCounterFor } from './token-counter';

describe('token counters', () => {
  it('estimates without a tokenizer: ≈3.5 characters a token, rounded up', () => {
    expect(tokenCounterFor({})).toBe(estimateTokens);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefg')).toBe(2);
    expect(estimateTokens('abcdefgh')).toBe(3);
  });

  it('gives a model with a tokenizer one counter, which asks the tokenizer once per text', async () => {
    const asked: string[] = [];
    const model = {
      countTokens: async (text: string) => {
        asked.push(text);
        return text.split(' ').length;
      },
    };
    const counter = tokenCounterFor(model);
    expect(tokenCounterFor(model)).toBe(counter);
    expect(tokenCounterFor({ countTokens: model.countTokens })).not.toBe(counter);
    for (const text of ['a turn of the history', 'a post', 'a turn of the history', 'a post'])
      expect(await counter(text)).toBe(text.split(' ').length);
    expect(asked).toEqual(['a turn of the history', 'a post']);
  });

  it.each<[string, (string | Error)[], string[], (number | string)[]]>([
    // case, what the tokenizer answers per call, texts counted in order, results (a string: the error)
    ['a count is remembered', [], ['x y', 'x y'], [2, 2]],
    ['a failed count is not: the next asks again', [new Error('busy')], ['x y', 'x y'], ['busy', 2]],
    ['texts apart', [], ['x', 'x y', 'x'], [1, 2, 1]],
  ])('memoizedCounter: %s', async (_case, failures, texts, results) => {
    const pending = [...failures];
    const counter = memoizedCounter(
      async (text) => {
        const failure = pending.shift();
        if (failure instanceof Error) throw failure;
        return text.split(' ').length;
      },
      { maxEntries: 10, maxKeyChars: 100 },
    );
    const got: (number | string)[] = [];
    for (const text of texts) got.push(await counter(text).catch((error: Error) => error.message));
    expect(got).toEqual(results);
  });

  it('memoizedCounter: texts counted at the same time share one tokenizer pass', async () => {
    let calls = 0;
    const counter = memoizedCounter(
      async (text) => {
        calls += 1;
        return text.length;
      },
      { maxEntries: 10, maxKeyChars: 100 },
    );
    expect(await Promise.all([counter('same'), counter('same'), counter('same')])).toEqual([4, 4, 4]);
    expect(calls).toBe(1);
  });
});
