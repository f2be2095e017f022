import { loadConfig, ServiceError } from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import { NEVER, Observable, type Subscriber, Subject, firstValueFrom, toArray } from 'rxjs';
import { ChatInferenceConfig, chatInferenceConfigSchema } from '../chat-inference.config';
import { admissionFor, retryAfterSeconds, SendAdmission } from './send-admission';

describe('admissionFor', () => {
  const limits = { concurrency: 2, queueLimit: 3 };
  it.each([
    [0, 0, 'run'],
    [1, 0, 'run'],
    [2, 0, 'queue'],
    // First come, first served: a free place goes to those already waiting.
    [1, 1, 'queue'],
    [2, 2, 'queue'],
    [2, 3, 'refuse'],
    [0, 3, 'refuse'],
  ] as const)('with %i running and %i waiting: %s', (running, waiting, expected) => {
    expect(admissionFor(running, waiting, limits)).toBe(expected);
  });

  it('refuses at once with no queue at all', () => {
    expect(admissionFor(4, 0, { concurrency: 4, queueLimit: 0 })).toBe('refuse');
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    // [sends ahead, places, mean hold ms, seconds]
    [0, 16, 300, 1],
    [100, 16, 300, 2],
    [1000, 16, 300, 19],
    [1000, 1, 5000, 60],
    [10, 0, 300, 3],
  ])('%i sends ahead of %i places held %i ms each: %i s', (ahead, concurrency, holdMs, seconds) => {
    expect(retryAfterSeconds(ahead, concurrency, holdMs)).toBe(seconds);
  });
});

describe('SendAdmission', () => {
  const event = (text: string): MessageStreamEvent => ({
    type: 'fragment',
    text,
    id: `00000000-0000-4000-8000-000000000000#${text}`,
  });

  /** A send whose first event the test gives when it likes; counts how many were started. */
  function controlledSends() {
    const started: Subscriber<MessageStreamEvent>[] = [];
    const send$ = new Observable<MessageStreamEvent>((subscriber) => {
      started.push(subscriber);
    });
    return { started, send$ };
  }

  function admission(env: Record<string, string>): SendAdmission {
    return new SendAdmission(
      loadConfig(chatInferenceConfigSchema, {
        LOG_LEVEL: 'silent',
        MODERATION_PROVIDER: 'none',
        ...env,
      }) as ChatInferenceConfig,
    );
  }

  it('runs the first sends, queues the next in order and starts each as a place frees at a first event', async () => {
    const gate = admission({ CHAT_SEND_CONCURRENCY: '2', CHAT_SEND_QUEUE_LIMIT: '10' });
    const { started, send$ } = controlledSends();
    const seen: string[] = [];
    const failed: unknown[] = [];
    for (let i = 0; i < 5; i++)
      gate.admit(send$).subscribe({
        next: (e) => seen.push(`${i}:${(e as { text: string }).text}`),
        error: (error: unknown) => failed.push(error),
      });
    expect(started).toHaveLength(2);
    expect(gate.waiting).toBe(3);
    started[0]?.next(event('a'));
    expect(started).toHaveLength(3);
    started[1]?.complete();
    expect(started).toHaveLength(4);
    started[2]?.error(new Error('model down'));
    expect(started).toHaveLength(5);
    expect(gate.waiting).toBe(0);
    // Later events of a running send pass through; they take no second place.
    started[0]?.next(event('b'));
    expect(seen).toEqual(['0:a', '0:b']);
    expect(failed).toEqual([new Error('model down')]);
  });

  it('refuses beyond the queue with SERVICE_BUSY and a Retry-After, starting nothing', async () => {
    const gate = admission({ CHAT_SEND_CONCURRENCY: '1', CHAT_SEND_QUEUE_LIMIT: '1' });
    const { started, send$ } = controlledSends();
    gate.admit(send$).subscribe();
    gate.admit(send$).subscribe();
    const refused: unknown = await firstValueFrom(gate.admit(send$)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({
      code: ErrorCode.ServiceBusy,
      message: 'Backtalk is very busy right now. Wait a few seconds, then send again.',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(started).toHaveLength(1);
  });

  it('gives the place back when the fan leaves, and takes a queued fan who left out of the line', () => {
    const gate = admission({ CHAT_SEND_CONCURRENCY: '1', CHAT_SEND_QUEUE_LIMIT: '5' });
    const { started, send$ } = controlledSends();
    const first = gate.admit(send$).subscribe();
    const leaving = gate.admit(send$).subscribe();
    gate.admit(send$).subscribe();
    expect(gate.waiting).toBe(2);
    leaving.unsubscribe();
    expect(gate.waiting).toBe(1);
    first.unsubscribe();
    expect(started).toHaveLength(2);
    expect(gate.waiting).toBe(0);
  });

  it('refuses a send that waited its longest wait, and runs the one behind it in turn', async () => {
    const gate = admission({
      CHAT_SEND_CONCURRENCY: '1',
      CHAT_SEND_QUEUE_LIMIT: '5',
      CHAT_SEND_QUEUE_WAIT_SECONDS: '1',
    });
    const slow = new Subject<MessageStreamEvent>();
    gate.admit(slow).subscribe();
    const started = performance.now();
    const waited: unknown = await firstValueFrom(gate.admit(NEVER)).catch((error: unknown) => error);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(waited).toMatchObject({ code: ErrorCode.ServiceBusy });
    expect(gate.waiting).toBe(0);
    const next = firstValueFrom(
      gate
        .admit(
          new Observable<MessageStreamEvent>((s) => {
            s.next(event('c'));
            s.complete();
          }),
        )
        .pipe(toArray()),
    );
    slow.next(event('x'));
    slow.complete();
    await expect(next).resolves.toEqual([event('c')]);
  });
});
