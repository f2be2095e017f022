import type { MessageStreamEvent } from '@backtalk/proto';
import { FragmentCoalescer } from './fragment-coalescer';

describe('FragmentCoalescer (issue 13)', () => {
  // Fake timers fake performance.now() too: the window is exact, whatever the machine's load.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const collect = () => {
    const events: { event: MessageStreamEvent; at: number }[] = [];
    return { events, emit: (event: MessageStreamEvent) => events.push({ event, at: performance.now() }) };
  };

  it('sends the first piece at once and merges those that follow within the window, ids contiguous', () => {
    const { events, emit } = collect();
    const fragments = new FragmentCoalescer('m', 15, emit);
    fragments.push('a');
    expect(events.map(({ event }) => event)).toEqual([{ type: 'fragment', text: 'a', id: 'm#0' }]);
    jest.advanceTimersByTime(5);
    fragments.push('b');
    fragments.push('c');
    expect(events).toHaveLength(1);
    jest.advanceTimersByTime(9);
    expect(events).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(events.map(({ event }) => event)).toEqual([
      { type: 'fragment', text: 'a', id: 'm#0' },
      { type: 'fragment', text: 'bc', id: 'm#1' },
    ]);
    // After a quiet spell a piece is not held back.
    jest.advanceTimersByTime(30);
    fragments.push('d');
    expect(events.at(-1)?.event).toEqual({ type: 'fragment', text: 'd', id: 'm#2' });
    fragments.push('e');
    fragments.end('end_turn');
    expect(events.slice(3).map(({ event }) => event)).toEqual([
      { type: 'fragment', text: 'e', id: 'm#3' },
      { type: 'fragment', text: '', id: 'm#4', stopReason: 'end_turn' },
    ]);
    expect(fragments.sent).toBe(4);
  });

  it('never holds a piece longer than the window, and loses none', () => {
    const { events, emit } = collect();
    const fragments = new FragmentCoalescer('m', 15, emit);
    for (let i = 0; i < 20; i++) {
      fragments.push(`${i} `);
      jest.advanceTimersByTime(2);
    }
    fragments.end('end_turn');
    const texts = events.map(({ event }) => (event.type === 'fragment' ? event.text : '')).join('');
    expect(texts).toBe(Array.from({ length: 20 }, (_, i) => `${i} `).join(''));
    // 40 ms of pieces every 2 ms: the first at once, then one fragment per 15 ms window, then the end.
    expect(events.map(({ at }) => at)).toEqual([0, 15, 30, 40, 40]);
    expect(events.map(({ event }) => (event.type === 'fragment' ? event.id : ''))).toEqual([
      'm#0',
      'm#1',
      'm#2',
      'm#3',
      'm#4',
    ]);
  });
});
