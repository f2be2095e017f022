import {
  chatStreamsActive,
  type Due,
  renderError,
  ServiceError,
  ServiceTimeoutError,
  type StreamCall,
  type StreamSink,
  sseStreamsOpen,
  streamDeadlines,
} from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { formatEvent, setEventStreamHeaders } from './sse-stream';

/** A comment line written when nothing else was for this long, so proxies keep the stream open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * What a failed reply tells the fan. chat-inference saying nothing at all for REPLY_LIVENESS_MS
 * (the kit's ServiceTimeoutError: its replica died), the model staying silent past
 * CHAT_STREAM_TIMEOUT_MS, and chat-inference becoming unavailable once the reply has begun all
 * tell the fan to send again (LLM_UNAVAILABLE) instead of leaving the stream open; a chat-inference
 * that is down before the send (no responders) stays a plain SERVICE_UNAVAILABLE, as /api/health
 * reports it, and every other error is the fan's to see as it is.
 */
export function failureForFan(error: ServiceError, begun: boolean): ServiceError {
  const lost = error instanceof ServiceTimeoutError || (begun && error.code === ErrorCode.ServiceUnavailable);
  return lost ? new ServiceError(ErrorCode.LlmUnavailable) : error;
}

/**
 * Lets go of what Express's router and the body parser left on a streaming request and nothing reads
 * once the stream has begun: the router's `next` (and through it the router's state for the request),
 * the parsed body and its raw bytes. Set to undefined rather than deleted, so the request keeps its
 * hidden class (a delete would turn it into a larger dictionary-mode object). What the request's log
 * line and metrics read when it ends (method, url, params, route, headers) stays.
 */
function releaseRequestLeftovers(
  request: (Request & { rawBody?: Buffer; next?: unknown }) | undefined,
): void {
  if (!request) return;
  request.next = undefined;
  request.body = undefined;
  request.rawBody = undefined;
}

/**
 * Relays one reply to the browser as Server-Sent Events, in one object per stream: the kit's call
 * delivers each event to it (StreamSink), and its two deadlines — the model's silence and the next
 * keep-alive — sit on the process's one DeadlineWheel (Due), so an open stream holds no timer,
 * Observable or closure chain of its own (issue 25).
 *
 * Nothing is written until the first event the browser is sent, so an error before it (rate
 * limit, unknown conversation, service down) is a plain HTTP error with its status. A browser
 * that goes away stops the relay at once (the call, the deadlines, the open-stream gauges); the
 * reply is still generated and stored by chat-inference.
 */
export class ChatReplyRelay implements StreamSink<MessageStreamEvent>, Due {
  dueAt: number;
  wheelSlot = -1;
  /** The call this relays; set once it is open. */
  call: StreamCall | undefined;
  private started = false;
  private begun = false;
  private finished = false;
  private lastEventAt: number;
  private lastWriteAt = 0;

  constructor(
    private readonly response: Response,
    private readonly modelSilenceMs: number,
    private readonly keepAliveMs = KEEP_ALIVE_MS,
  ) {
    this.lastEventAt = performance.now();
    this.dueAt = this.lastEventAt + modelSilenceMs;
    streamDeadlines.schedule(this);
    // The response's close, not the request's: the request of a POST emits 'close' once its body
    // is read, before this runs, so a browser that left was never noticed until the reply ended.
    response.once('close', () => this.closed());
  }

  next(event: MessageStreamEvent): void {
    if (this.finished) return;
    this.begun = true;
    if (event.type === 'heartbeat') return;
    this.lastEventAt = performance.now();
    if (!this.started) this.start();
    this.write(formatEvent(event));
  }

  error(error: ServiceError): void {
    if (this.finished) return;
    const { status, body } = renderError(failureForFan(error, this.begun));
    if (!this.started) {
      // A send refused for a full queue (SERVICE_BUSY) says when to come back, as a 429 does.
      if (typeof body.retryAfterSeconds === 'number')
        this.response.setHeader('Retry-After', String(body.retryAfterSeconds));
      this.response.status(status).json(body);
    } else this.write(formatEvent({ type: 'error', code: body.code, message: body.message }));
    this.finish();
  }

  complete(): void {
    if (this.finished) return;
    if (!this.started) this.start();
    this.finish();
  }

  onDue(now: number): void {
    if (this.finished) return;
    if (now - this.lastEventAt >= this.modelSilenceMs) {
      this.call?.cancel();
      this.error(new ServiceError(ErrorCode.LlmUnavailable));
      return;
    }
    if (this.started && now - this.lastWriteAt >= this.keepAliveMs) this.write(': keep-alive\n\n');
    this.dueAt = this.nextDue();
    streamDeadlines.schedule(this);
  }

  private start(): void {
    this.started = true;
    chatStreamsActive.inc({ service: 'gateway' });
    sseStreamsOpen.inc({ service: 'gateway', stream: 'chat' });
    // The headers leave with the event start() is called for (next) or with the end (complete).
    setEventStreamHeaders(this.response);
    releaseRequestLeftovers(this.response.req as Request | undefined);
    this.lastWriteAt = performance.now();
    // The keep-alive may now be due before the model's silence is: filed again for the earlier one.
    this.dueAt = this.nextDue();
    streamDeadlines.schedule(this);
  }

  private write(text: string): void {
    this.lastWriteAt = performance.now();
    this.response.write(text);
  }

  /** The earlier of the model's silence limit and (once streaming) the next keep-alive. */
  private nextDue(): number {
    const silence = this.lastEventAt + this.modelSilenceMs;
    return this.started ? Math.min(silence, this.lastWriteAt + this.keepAliveMs) : silence;
  }

  private closed(): void {
    if (this.response.writableEnded) return;
    this.call?.cancel();
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    streamDeadlines.cancel(this);
    if (this.started) {
      chatStreamsActive.dec({ service: 'gateway' });
      sseStreamsOpen.dec({ service: 'gateway', stream: 'chat' });
    }
    if (!this.response.writableEnded) this.response.end();
  }
}
