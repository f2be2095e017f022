import { BoundedMemo, type BoundedMemoLimits } from './bounded-memo';

/** Runs `keys` through a memo of the texts' lengths; what was computed, and what is kept. */
function run(limits: BoundedMemoLimits, keys: string[]): { computed: string[]; kept: number; chars: number } {
  const memo = new BoundedMemo<number>(limits);
  const computed: string[] = [];
  for (const key of keys)
    expect(
      memo.get(key, (text) => {
        computed.push(text);
        return text.length;
      }),
    ).toBe(key.length);
  return { computed, kept: memo.size.entries, chars: memo.size.keyChars };
}

describe('BoundedMemo: what it remembers', () => {
  const roomy = { maxEntries: 10, maxKeyChars: 100 };
  it.each<[string, BoundedMemoLimits, string[], string[], number, number]>([
    // case, limits, keys asked in order, keys computed, entries kept, characters kept
    ['a text asked again is not computed again', roomy, ['ab', 'ab', 'ab'], ['ab'], 1, 2],
    ['different texts each once', roomy, ['a', 'bb', 'a', 'bb'], ['a', 'bb'], 2, 3],
    ['the empty text is a text', roomy, ['', ''], [''], 1, 0],
    [
      'past maxEntries the least recently used goes first',
      { maxEntries: 2, maxKeyChars: 100 },
      ['a', 'b', 'a', 'c', 'a', 'b'],
      ['a', 'b', 'c', 'b'],
      2,
      2,
    ],
    [
      'past maxKeyChars the oldest go until the new one fits',
      { maxEntries: 10, maxKeyChars: 5 },
      ['aa', 'bb', 'ccc', 'bb', 'aa'],
      ['aa', 'bb', 'ccc', 'aa'],
      2,
      4, // bb and aa: ccc, the least recently used, made room for aa
    ],
    [
      'a text longer than maxKeyChars is never kept, and takes nothing out',
      { maxEntries: 10, maxKeyChars: 3 },
      ['ab', 'abcd', 'abcd', 'ab'],
      ['ab', 'abcd', 'abcd'],
      1,
      2,
    ],
    ['maxEntries 0 keeps nothing', { maxEntries: 0, maxKeyChars: 100 }, ['a', 'a'], ['a', 'a'], 0, 0],
  ])('%s', (_case, limits, keys, computed, kept, chars) => {
    expect(run(limits, keys)).toEqual({ computed, kept, chars });
  });

  it('forgets a key only while it holds the value it was told', () => {
    const memo = new BoundedMemo<string>({ maxEntries: 10, maxKeyChars: 100 });
    memo.get('k', () => 'first');
    memo.forget('k', 'other');
    expect(memo.get('k', () => 'second')).toBe('first');
    memo.forget('k', 'first');
    expect(memo.size).toEqual({ entries: 0, keyChars: 0 });
    expect(memo.get('k', () => 'second')).toBe('second');
  });
});
