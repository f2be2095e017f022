export interface BoundedMemoLimits {
  /** At most this many keys are remembered. */
  maxEntries: number;
  /** The remembered keys hold at most this many characters together; a longer key is never kept. */
  maxKeyChars: number;
}

/**
 * Remembers what a pure function of a text answered, for texts a send sees again and again (a
 * conversation's history, a creator's posts): the least recently used is dropped first, and both
 * the number of texts and their total length are bounded, so arbitrary input cannot grow it.
 */
export class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();
  private keyChars = 0;

  constructor(private readonly limits: BoundedMemoLimits) {}

  /** The remembered answer for `key`, else `compute(key)`, remembered when it fits. */
  get(key: string, compute: (key: string) => V): V {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as V;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = compute(key);
    if (key.length > this.limits.maxKeyChars || this.limits.maxEntries < 1) return value;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.limits.maxEntries || this.keyChars + key.length > this.limits.maxKeyChars)
    ) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.keyChars -= oldest.length;
    }
    this.entries.set(key, value);
    this.keyChars += key.length;
    return value;
  }

  /** Forgets `key` if it still holds `value` (e.g. a promise that was rejected). */
  forget(key: string, value: V): void {
    if (this.entries.get(key) !== value) return;
    this.entries.delete(key);
    this.keyChars -= key.length;
  }

  /** How many texts, and how many characters of them, are remembered. */
  get size(): { entries: number; keyChars: number } {
    return { entries: this.entries.size, keyChars: this.keyChars };
  }
}
