import type { ChatFactChanged } from '@backtalk/proto';

/**
 * The rules of the per-replica copies of the facts a send reads from other services
 * (docs/architecture.md, "Facts a send reads from other services"). An owner announces each
 * change durably and every replica drops its copy; the TTL is the backstop for a replica that
 * missed the announcement, so a copy is at most CHAT_FACTS_TTL_SECONDS old.
 */

/**
 * How long a copy may answer without a new request, the staleness bound of a lost announcement:
 * CHAT_FACTS_TTL_SECONDS, this by default.
 */
export const FACT_TTL_SECONDS = 30;
/**
 * Copies held per fact, least recently used leave first. A persona reply is a few KiB (its
 * prompts and boundaries), the other two a few dozen bytes: 10,000 personas are ≤ ~50 MiB.
 */
const FACT_MAX_ENTRIES = 10_000;

export interface HeldFact {
  /** When the request that answers it was made (ms since the epoch). */
  askedAt: number;
  /** When the answer stops being true by itself (a subscription's end), if it says so. */
  trueUntil: number | null;
}

/** Whether a held copy may answer at `now`: younger than the TTL and not past its own end. */
export function factFresh(held: HeldFact, now: number, ttlMs: number): boolean {
  return (
    now - held.askedAt < ttlMs && now >= held.askedAt && (held.trueUntil === null || now < held.trueUntil)
  );
}

/** The key a fact is held under in its kind's cache. */
export function factKey(change: ChatFactChanged): string {
  return change.fact === 'subscription' ? subscriptionKey(change.userId, change.creatorId) : change.creatorId;
}

export function subscriptionKey(userId: string, creatorId: string): string {
  return `${userId}:${creatorId}`;
}

/**
 * An active subscription's answer holds until its end date at most (billing's `endDate`): a
 * subscription that runs out without any event is not counted as active past it. An inactive
 * answer has no end of its own.
 */
export function subscriptionTrueUntil(reply: { active: boolean; endDate: string | null }): number | null {
  if (!reply.active || reply.endDate === null) return null;
  const end = Date.parse(reply.endDate);
  return Number.isNaN(end) ? null : end;
}

/**
 * The free tier's refusal path (docs/architecture.md): a send counted against the allowance is
 * refused at the limit only on a fresh answer from billing — its "not subscribed" may be a copy, so
 * billing is asked again first and a fan who just subscribed is never refused. An uncounted send
 * (subscriber, bypass flag, the creator's own chat) is never refused at the limit.
 */
export function mustAskBeforeRefusing(ticket: { counted: boolean }): boolean {
  return ticket.counted;
}

interface Entry<V> extends HeldFact {
  value: Promise<V>;
}

/**
 * A bounded LRU of one kind of fact. It holds the request's promise, so sends at the same time
 * share one request; a failed request is not kept. A copy dropped while its request is under way
 * is not put back by the answer (that answer may predate the change).
 */
export class FactCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly maxEntries = FACT_MAX_ENTRIES,
    private readonly ttlMs = FACT_TTL_SECONDS * 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The held answer when fresh, else `ask`'s, which is then held (until `trueUntil`, if given). */
  async read(key: string, ask: () => Promise<V>, trueUntil?: (value: V) => number | null): Promise<V> {
    const now = this.clock();
    const held = this.entries.get(key);
    if (held && factFresh(held, now, this.ttlMs)) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.value;
    }
    const entry: Entry<V> = { askedAt: now, trueUntil: null, value: ask() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict();
    try {
      const value = await entry.value;
      if (this.entries.get(key) === entry) entry.trueUntil = trueUntil?.(value) ?? null;
      return value;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Holds an answer got elsewhere (a fresh request made outside `read`). */
  put(key: string, value: V, askedAt: number, trueUntil: number | null = null): void {
    this.entries.delete(key);
    this.entries.set(key, { askedAt, trueUntil, value: Promise.resolve(value) });
    this.evict();
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  /** The least recently used leave past maxEntries. */
  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
