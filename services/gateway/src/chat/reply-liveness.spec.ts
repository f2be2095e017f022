import { ServiceError, ServiceTimeoutError } from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import { Subject, lastValueFrom, toArray } from 'rxjs';
import { replyForFan } from './reply-liveness';

const fragment: MessageStreamEvent = {
  type: 'fragment',
  text: 'Hi',
  id: '00000000-0000-4000-8000-000000000000#0',
};
const heartbeat: MessageStreamEvent = { type: 'heartbeat' };

describe('replyForFan', () => {
  it('drops heartbeats and relays everything else in order', async () => {
    const events$ = new Subject<MessageStreamEvent>();
    const relayed = lastValueFrom(replyForFan(events$, 1000).pipe(toArray()));
    events$.next(heartbeat);
    events$.next(fragment);
    events$.next(heartbeat);
    events$.next({ type: 'citations', messageId: '00000000-0000-4000-8000-000000000000', citations: [] });
    events$.complete();
    expect((await relayed).map((event) => event.type)).toEqual(['fragment', 'citations']);
  });

  it('ends a reply whose model stays silent past the limit with LLM_UNAVAILABLE, heartbeats or not', async () => {
    const events$ = new Subject<MessageStreamEvent>();
    const relayed = lastValueFrom(replyForFan(events$, 60));
    events$.next(fragment);
    const beats = setInterval(() => events$.next(heartbeat), 10);
    try {
      await expect(relayed).rejects.toMatchObject({ code: ErrorCode.LlmUnavailable });
    } finally {
      clearInterval(beats);
    }
  });

  it('tells the fan to send again when chat-inference went silent mid-reply (its replica died)', async () => {
    const events$ = new Subject<MessageStreamEvent>();
    const relayed = lastValueFrom(replyForFan(events$, 1000));
    events$.next(heartbeat);
    events$.error(
      new ServiceError(ErrorCode.ServiceUnavailable, 'chat-inference did not answer within 15000 ms'),
    );
    const failure = await relayed.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceError);
    expect(failure).toMatchObject({
      code: ErrorCode.LlmUnavailable,
      message: 'The AI could not answer right now. Send your message again in a moment.',
    });
  });

  it('leaves an error before the reply began as it is (chat-inference down is a plain 503)', async () => {
    const events$ = new Subject<MessageStreamEvent>();
    const relayed = lastValueFrom(replyForFan(events$, 1000));
    events$.error(new ServiceError(ErrorCode.ServiceUnavailable, 'chat-inference is unavailable'));
    await expect(relayed).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
  });

  it('tells the fan to send again when chat-inference took the send and then said nothing at all', async () => {
    const events$ = new Subject<MessageStreamEvent>();
    const relayed = lastValueFrom(replyForFan(events$, 1000));
    events$.error(new ServiceTimeoutError('chat-inference', 15_000));
    await expect(relayed).rejects.toMatchObject({ code: ErrorCode.LlmUnavailable });
  });
});
