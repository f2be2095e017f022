import type { ChatFactChanged } from '@backtalk/proto';
import {
  FactCache,
  factFresh,
  factKey,
  type HeldFact,
  mustAskBeforeRefusing,
  subscriptionTrueUntil,
} from './fact-cache';

const TTL = 30_000;
const T0 = Date.parse('2030-03-01T12:00:00.000Z');
const FAN = '00000000-0000-4000-8000-00000000000f';
const CREATOR = '00000000-0000-4000-8000-00000000000c';

describe('factFresh', () => {
  it.each<{ case: string; held: HeldFact; now: number; fresh: boolean }>([
    { case: 'just asked', held: { askedAt: T0, trueUntil: null }, now: T0, fresh: true },
    { case: '1 ms before the TTL', held: { askedAt: T0, trueUntil: null }, now: T0 + TTL - 1, fresh: true },
    { case: 'at the TTL', held: { askedAt: T0, trueUntil: null }, now: T0 + TTL, fresh: false },
    { case: 'past the TTL', held: { askedAt: T0, trueUntil: null }, now: T0 + 10 * TTL, fresh: false },
    {
      case: 'a subscription ending before the TTL, before its end',
      held: { askedAt: T0, trueUntil: T0 + 1_000 },
      now: T0 + 999,
      fresh: true,
    },
    {
      case: 'a subscription ending before the TTL, at its end',
      held: { askedAt: T0, trueUntil: T0 + 1_000 },
      now: T0 + 1_000,
      fresh: false,
    },
    {
      case: 'an end after the TTL does not stretch it',
      held: { askedAt: T0, trueUntil: T0 + 10 * TTL },
      now: T0 + TTL,
      fresh: false,
    },
    { case: 'a clock that went back', held: { askedAt: T0, trueUntil: null }, now: T0 - 1, fresh: false },
  ])('$case → $fresh', ({ held, now, fresh }) => {
    expect(factFresh(held, now, TTL)).toBe(fresh);
  });
});

describe('factKey', () => {
  it.each<{ change: ChatFactChanged; key: string }>([
    { change: { fact: 'persona', creatorId: CREATOR }, key: CREATOR },
    { change: { fact: 'creator-payment', creatorId: CREATOR }, key: CREATOR },
    { change: { fact: 'subscription', userId: FAN, creatorId: CREATOR }, key: `${FAN}:${CREATOR}` },
  ])('$change.fact → $key', ({ change, key }) => {
    expect(factKey(change)).toBe(key);
  });
});

describe('subscriptionTrueUntil', () => {
  it.each([
    {
      case: 'active with an end',
      reply: { active: true, endDate: '2030-03-01T12:00:01.000Z' },
      until: T0 + 1_000,
    },
    { case: 'active without an end', reply: { active: true, endDate: null }, until: null },
    {
      case: 'not active (an ended one)',
      reply: { active: false, endDate: '2030-03-01T12:00:01.000Z' },
      until: null,
    },
    { case: 'not active', reply: { active: false, endDate: null }, until: null },
    { case: 'an unreadable end', reply: { active: true, endDate: 'soon' }, until: null },
  ])('$case', ({ reply, until }) => {
    expect(subscriptionTrueUntil(reply)).toBe(until);
  });
});

describe('mustAskBeforeRefusing', () => {
  it.each([
    { case: 'a counted send at the limit: billing is asked now', counted: true, ask: true },
    { case: 'an uncounted send (subscriber, flag, own chat): nothing to ask', counted: false, ask: false },
  ])('$case', ({ counted, ask }) => {
    expect(mustAskBeforeRefusing({ counted })).toBe(ask);
  });
});

describe('FactCache', () => {
  let now = T0;
  const clock = () => now;
  const asker = () => {
    const asked: string[] = [];
    return { asked, ask: (key: string, value: string) => () => (asked.push(key), Promise.resolve(value)) };
  };
  beforeEach(() => {
    now = T0;
  });

  it('answers from its copy until the TTL, then asks again', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    const { asked, ask } = asker();
    expect(await cache.read('a', ask('a', 'one'))).toBe('one');
    now += TTL - 1;
    expect(await cache.read('a', ask('a', 'two'))).toBe('one');
    now += 1;
    expect(await cache.read('a', ask('a', 'three'))).toBe('three');
    expect(asked).toEqual(['a', 'a']);
  });

  it('asks again after a drop', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    const { asked, ask } = asker();
    await cache.read('a', ask('a', 'one'));
    cache.drop('a');
    expect(await cache.read('a', ask('a', 'two'))).toBe('two');
    expect(asked).toEqual(['a', 'a']);
  });

  it('shares one request between reads at the same time', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    const { asked, ask } = asker();
    const both = await Promise.all([cache.read('a', ask('a', 'one')), cache.read('a', ask('a', 'two'))]);
    expect(both).toEqual(['one', 'one']);
    expect(asked).toEqual(['a']);
  });

  it('keeps no failed answer', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    await expect(cache.read('a', () => Promise.reject(new Error('creators is down')))).rejects.toThrow(
      'down',
    );
    expect(cache.size).toBe(0);
    expect(await cache.read('a', () => Promise.resolve('one'))).toBe('one');
  });

  it('does not keep an answer whose copy was dropped while it was asked', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    let answer!: (value: string) => void;
    const pending = cache.read('a', () => new Promise<string>((resolve) => (answer = resolve)));
    cache.drop('a');
    answer('before the change');
    expect(await pending).toBe('before the change');
    expect(await cache.read('a', () => Promise.resolve('after the change'))).toBe('after the change');
  });

  it('holds an answer no longer than it says it is true', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    const { asked, ask } = asker();
    await cache.read('a', ask('a', 'active'), () => T0 + 1_000);
    now = T0 + 1_000;
    expect(await cache.read('a', ask('a', 'ended'))).toBe('ended');
    expect(asked).toEqual(['a', 'a']);
  });

  it('is bounded: the least recently used leave first', async () => {
    const cache = new FactCache<string>(2, TTL, clock);
    const { asked, ask } = asker();
    await cache.read('a', ask('a', 'a'));
    await cache.read('b', ask('b', 'b'));
    await cache.read('a', ask('a', 'a'));
    await cache.read('c', ask('c', 'c'));
    expect(cache.size).toBe(2);
    await cache.read('a', ask('a', 'a'));
    await cache.read('b', ask('b', 'b'));
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('put replaces the copy with a fresh answer', async () => {
    const cache = new FactCache<string>(10, TTL, clock);
    await cache.read('a', () => Promise.resolve('not subscribed'));
    cache.put('a', 'subscribed', now);
    expect(await cache.read('a', () => Promise.resolve('asked'))).toBe('subscribed');
  });
});
