import type { MessageStreamEvent } from '@backtalk/proto';
import { Subject, lastValueFrom, toArray } from 'rxjs';
import { withHeartbeats } from './reply-heartbeat';

const fragment = (seq: number): MessageStreamEvent => ({
  type: 'fragment',
  text: `t${seq}`,
  id: `00000000-0000-4000-8000-000000000000#${seq}`,
});
// Jest's clock: on a loaded machine a real 75 ms pause may see fewer 20 ms intervals than it should.
const sleep = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('withHeartbeats', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends heartbeats while the reply is silent, passes every event through in order, and stops when it ends', async () => {
    const reply$ = new Subject<MessageStreamEvent>();
    const all = lastValueFrom(withHeartbeats(reply$, 20).pipe(toArray()));
    reply$.next(fragment(0));
    await sleep(75);
    reply$.next(fragment(1));
    reply$.complete();
    const events = await all;
    expect(events[0]).toEqual({ type: 'heartbeat' });
    const fragments = events.filter((event) => event.type === 'fragment');
    expect(fragments).toEqual([fragment(0), fragment(1)]);
    // One at once, then at 20, 40 and 60 ms of the 75 ms silence.
    expect(events.filter((event) => event.type === 'heartbeat')).toHaveLength(4);
    expect(events.at(-1)).toEqual(fragment(1));
  });

  it('sends the first heartbeat at once, and none after the reply failed or the caller went away', async () => {
    const failed$ = new Subject<MessageStreamEvent>();
    const seen: MessageStreamEvent[] = [];
    const done = new Promise<unknown>((resolve) =>
      withHeartbeats(failed$, 10).subscribe({ next: (event) => seen.push(event), error: resolve }),
    );
    failed$.error(new Error('model failed'));
    await done;
    const cancelled = withHeartbeats(new Subject<MessageStreamEvent>(), 10).subscribe({
      next: (event) => seen.push(event),
    });
    cancelled.unsubscribe();
    await sleep(50);
    expect(seen).toEqual([{ type: 'heartbeat' }, { type: 'heartbeat' }]);
  });
});
