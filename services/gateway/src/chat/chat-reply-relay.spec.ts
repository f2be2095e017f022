import { ServiceError, ServiceTimeoutError } from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import type { Response } from 'express';
import { EventEmitter } from 'node:events';
import { ChatReplyRelay, failureForFan } from './chat-reply-relay';

const fragment = (n: number, stopReason?: 'end_turn'): MessageStreamEvent => ({
  type: 'fragment',
  text: `w${n} `,
  id: `00000000-0000-4000-8000-000000000000#${n}`,
  ...(stopReason ? { stopReason } : {}),
});
const heartbeat: MessageStreamEvent = { type: 'heartbeat' };

/** The part of express's Response the relay uses, recording what reached the browser. */
class RecordedResponse extends EventEmitter {
  statusCode = 0;
  headers: Record<string, string> = {};
  written: string[] = [];
  jsonBody: unknown;
  writableEnded = false;
  /** flushHeaders() calls: each is a socket write of its own. */
  flushes = 0;
  private headersSent = false;
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  flushHeaders(): void {
    this.flushes++;
    this.sendHeaders();
  }
  /** As node:http does, headers not sent yet go out with the first write (or the end). */
  write(text: string): void {
    if (this.writableEnded) throw new Error('write after end');
    this.sendHeaders();
    this.written.push(text);
  }
  json(body: unknown): void {
    this.jsonBody = body;
    this.end();
  }
  end(): void {
    if (this.statusCode === 200) this.sendHeaders();
    this.writableEnded = true;
    this.emit('finish');
    this.emit('close');
  }
  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.written.push(`HTTP ${this.statusCode}`);
  }
  /** The browser went away. */
  leave(): void {
    this.emit('close');
  }
}

function relayOn(modelSilenceMs = 1000, keepAliveMs = 15_000) {
  const response = new RecordedResponse();
  const relay = new ChatReplyRelay(response as unknown as Response, modelSilenceMs, keepAliveMs);
  const call = { cancelled: 0, cancel: (): void => undefined };
  call.cancel = () => void call.cancelled++;
  relay.call = call;
  const ended = new Promise<void>((resolve) => response.once('finish', () => resolve()));
  return { response, relay, call, ended };
}

const frameNames = (written: string[]): string[] =>
  written.map((text) =>
    text.startsWith('HTTP') || text.startsWith(':') ? text.trim() : text.split('\n')[0],
  );

describe('failureForFan', () => {
  const silent = new ServiceTimeoutError('chat-inference', 15_000);
  const down = new ServiceError(ErrorCode.ServiceUnavailable, 'chat-inference is unavailable');
  const notFound = new ServiceError(ErrorCode.NotFound, 'no such conversation');
  const limited = new ServiceError(ErrorCode.RateLimited, 'slow down');
  // [case, error, the reply had begun (a heartbeat or more), what the fan is told]
  it.each([
    ['chat-inference took the send and said nothing at all', silent, false, ErrorCode.LlmUnavailable],
    ['chat-inference went silent mid-reply (its replica died)', silent, true, ErrorCode.LlmUnavailable],
    ['chat-inference down before the send: a plain 503', down, false, ErrorCode.ServiceUnavailable],
    ['chat-inference gone once the reply began', down, true, ErrorCode.LlmUnavailable],
    ['the fan’s own error, before the reply', notFound, false, ErrorCode.NotFound],
    ['the fan’s own error, mid-reply', limited, true, ErrorCode.RateLimited],
  ])('%s', (_case, error, begun, code) => {
    expect(failureForFan(error, begun).code).toBe(code);
  });

  it('tells the fan what to do when the reply was lost', () => {
    expect(failureForFan(new ServiceTimeoutError('chat-inference', 15_000), true).message).toBe(
      'The AI could not answer right now. Send your message again in a moment.',
    );
  });
});

describe('ChatReplyRelay', () => {
  it('drops heartbeats, writes nothing before the first event and relays the rest in order', async () => {
    const { response, relay, ended } = relayOn();
    relay.next(heartbeat);
    expect(response.written).toEqual([]);
    relay.next(fragment(0));
    relay.next(heartbeat);
    relay.next({ type: 'citations', messageId: '00000000-0000-4000-8000-000000000000', citations: [] });
    relay.next(fragment(1, 'end_turn'));
    relay.complete();
    await ended;
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(frameNames(response.written)).toEqual([
      'HTTP 200',
      'event: fragment',
      'event: citations',
      'event: fragment',
    ]);
  });

  it('sends the headers with the first event, not in a socket write of their own', async () => {
    const { response, relay, ended } = relayOn();
    relay.next(fragment(0));
    expect(response.flushes).toBe(0);
    expect(frameNames(response.written)).toEqual(['HTTP 200', 'event: fragment']);
    relay.complete();
    await ended;
  });

  it('answers an error before the first event as a plain HTTP error with its status', async () => {
    const { response, relay, ended } = relayOn();
    relay.error(new ServiceError(ErrorCode.NotFound, 'no such conversation'));
    await ended;
    expect(response.statusCode).toBe(404);
    expect(response.jsonBody).toMatchObject({ code: ErrorCode.NotFound });
    expect(response.written).toEqual([]);
  });

  it('says when to come back when chat-inference refused the send for a full queue', async () => {
    const { response, relay, ended } = relayOn();
    relay.next(heartbeat);
    relay.error(
      new ServiceError(
        ErrorCode.ServiceBusy,
        'Backtalk is very busy right now. Wait a few seconds, then send again.',
        {
          retryAfterSeconds: 7,
        },
      ),
    );
    await ended;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.jsonBody).toMatchObject({ code: ErrorCode.ServiceBusy, retryAfterSeconds: 7 });
  });

  it('ends a reply whose model stays silent past the limit with LLM_UNAVAILABLE, heartbeats or not', async () => {
    const { response, relay, call, ended } = relayOn(120);
    relay.next(fragment(0));
    const beats = setInterval(() => relay.next(heartbeat), 10);
    const started = performance.now();
    try {
      await ended;
    } finally {
      clearInterval(beats);
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(119);
    expect(call.cancelled).toBe(1);
    expect(response.written.at(-1)).toContain(`"code":"${ErrorCode.LlmUnavailable}"`);
  });

  it('writes a keep-alive only after a quiet spell, never while fragments flow', async () => {
    // The clock is Jest's (the wheel reads performance.now and ticks on setInterval): on a loaded
    // machine a real 50 ms pause between fragments can last longer than the quiet spell itself.
    jest.useFakeTimers();
    try {
      const { response, relay, ended } = relayOn(10_000, 150);
      relay.next(fragment(0));
      for (let n = 1; n <= 5; n++) {
        await jest.advanceTimersByTimeAsync(50);
        relay.next(fragment(n));
      }
      expect(response.written.filter((text) => text.startsWith(':'))).toEqual([]);
      await jest.advanceTimersByTimeAsync(700);
      expect(response.written.filter((text) => text.startsWith(':')).length).toBeGreaterThanOrEqual(2);
      relay.complete();
      await ended;
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops at once when the browser leaves: the call is cancelled and nothing more is written', () => {
    const { response, relay, call } = relayOn();
    relay.next(fragment(0));
    response.leave();
    relay.next(fragment(1));
    relay.complete();
    expect(call.cancelled).toBe(1);
    expect(frameNames(response.written)).toEqual(['HTTP 200', 'event: fragment']);
  });

  it('lets go of the router’s next and the body once the stream has begun, and keeps what the request log reads', () => {
    const { response, relay } = relayOn();
    const next = (): void => undefined;
    const request = {
      method: 'POST',
      url: '/api/conversations/c/messages',
      headers: { authorization: 'Bearer t' },
      params: { id: 'c' },
      next,
      body: { content: 'hi' },
      rawBody: Buffer.from('{"content":"hi"}'),
    };
    Object.assign(response, { req: request });
    relay.next(heartbeat);
    expect(request).toMatchObject({ next, body: { content: 'hi' } });
    relay.next(fragment(0));
    expect(request).toEqual({
      method: 'POST',
      url: '/api/conversations/c/messages',
      headers: { authorization: 'Bearer t' },
      params: { id: 'c' },
      next: undefined,
      body: undefined,
      rawBody: undefined,
    });
    relay.complete();
  });
});
