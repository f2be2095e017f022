import { ServerNats } from '@nestjs/microservices';
import type { MessageHandler, NatsOptions, WritePacket } from '@nestjs/microservices';
import type { Observable, Subscription as RxSubscription } from 'rxjs';
import { ErrorCode } from '@backtalk/proto';
import { JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';
import { withContract } from './contract-handler';
import { publishReplies } from './reply-publisher';

type NatsServerOptions = Required<NatsOptions>['options'] & {
  subjectPrefix?: string;
  /** How long shutdown waits for requests in flight to finish replying. */
  shutdownGraceMs?: number;
};
/** Nest's clients send a UUID; anything far longer is not one of ours. */
const MAX_REQUEST_ID_LENGTH = 256;

type Publisher = (response: { isDisposed?: boolean; err?: unknown }) => unknown;

/**
 * Nest's NATS server with these changes. At shutdown it drains instead of
 * closing: it stops taking new messages, waits (within a grace period) until
 * every request in flight has sent its last reply, then closes, so a rolling
 * restart drops no request. And it can serve its subjects
 * under a prefix (NATS_SUBJECT_PREFIX), so several environments or test runs
 * can share one NATS server without answering each other's requests.
 * A message that is not a request packet (not JSON, no `id`, no reply
 * subject) gets a typed VALIDATION_FAILED reply and runs no handler, instead of
 * an unhandled rejection or a handler run as if it were an event.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly subjectPrefix: string;
  private readonly queue: string | undefined;
  private readonly shutdownGraceMs: number;
  private inFlight = 0;
  private pendingReplies: (() => void)[] = [];
  private readonly idleWaiters = new Set<() => void>();

  constructor(options: NatsServerOptions) {
    const { subjectPrefix, shutdownGraceMs, ...natsOptions } = options;
    super(natsOptions);
    this.subjectPrefix = subjectPrefix ?? '';
    this.queue = natsOptions.queue;
    this.shutdownGraceMs = shutdownGraceMs ?? 10_000;
  }

  /**
   * Every request counts as in flight until its last packet (isDisposed, or an error) is sent.
   * Replies are sent together once per turn of the event loop (setImmediate), in the order they
   * were made: nats.js writes to its socket once per microtask checkpoint, so a reply sent on its
   * own — each streamed fragment arrives in a turn of its own — cost a socket write each, a
   * quarter of chat-inference's CPU at 300 streams (docs/benchmarks.md, issue 13). Together, the
   * fragments of every stream that came in one turn leave in one write.
   */
  override getPublisher(message: Msg, id: string, context: unknown): Publisher {
    const publish = (super.getPublisher as (m: Msg, i: string, c: unknown) => Publisher).call(
      this,
      message,
      id,
      context,
    );
    if (!message.reply) return publish;
    this.inFlight++;
    let finished = false;
    return (response) => {
      this.sendSoon(() => {
        try {
          publish(response);
        } finally {
          if (!finished && (response.isDisposed || response.err)) {
            finished = true;
            this.inFlight--;
            if (this.inFlight === 0) this.idleWaiters.forEach((wake) => wake());
          }
        }
      });
      return true;
    };
  }

  private sendSoon(send: () => void): void {
    if (this.pendingReplies.push(send) === 1) setImmediate(this.sendPendingReplies);
  }

  private readonly sendPendingReplies = (): void => {
    const sends = this.pendingReplies;
    this.pendingReplies = [];
    for (const send of sends) {
      try {
        send();
      } catch (error) {
        // The connection is gone: the caller times out or hears "no responders" on its retry.
        this.logger.warn(`Could not send a reply: ${(error as Error).message}`);
      }
    }
  };

  /** Every handler checks its payload against the subject's contract first (withContract). */
  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const subject = this.normalizePattern(pattern as string);
    super.addHandler(pattern, withContract(subject, callback, this.queue), isEventHandler, extras);
  }

  /** Replies go out without Nest's per-value `process.nextTick` and operators (publishReplies). */
  override send(stream$: Observable<unknown>, respond: (data: WritePacket) => unknown): RxSubscription {
    return publishReplies(stream$, respond);
  }

  /**
   * Subjects are plain strings, so the handler is looked up by the subject
   * itself; Nest's own lookup JSON.parses every subject first, which throws and
   * is caught on every message (~10 µs, docs/benchmarks.md section 3).
   */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override bindEvents(client: NatsConnection): void {
    const self = this as unknown as { subscriptions: Subscription[] };
    for (const [channel, handler] of this.messageHandlers) {
      self.subscriptions.push(
        client.subscribe(`${this.subjectPrefix}${channel}`, {
          queue: (handler.extras?.queue as string | undefined) ?? this.queue,
          callback: this.getMessageHandler(channel).bind(this),
        }),
      );
    }
  }

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    const problem = this.requestPacketProblem(channel, message);
    if (problem) {
      this.refuse(channel, message, problem);
      return undefined;
    }
    try {
      return await super.handleMessage(channel, message);
    } catch (error) {
      this.refuse(
        channel,
        message,
        `Malformed message: not a JSON request packet (${(error as Error).message})`,
      );
      return undefined;
    }
  }

  /**
   * Why a message on a request/reply subject cannot be served, or undefined.
   * Nest treats a packet without an `id` as an event and runs the request
   * handler without replying: the caller would wait for a timeout, and a
   * command (creating a guest, say) would still take effect. Such a packet, or
   * one nobody waits for (no reply subject), is refused before any handler runs.
   */
  private requestPacketProblem(channel: string, message: Msg): string | undefined {
    if (this.messageHandlers.get(channel)?.isEventHandler) return undefined;
    let packet: unknown;
    try {
      packet = JSON.parse(new TextDecoder().decode(message.data));
    } catch {
      return 'Malformed message: not a JSON request packet';
    }
    if (typeof packet !== 'object' || packet === null || Array.isArray(packet))
      return 'Malformed message: a request packet is a JSON object with "id" and "data"';
    const id = (packet as { id?: unknown }).id;
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_REQUEST_ID_LENGTH)
      return `Malformed message: a request packet needs an "id" string of 1 to ${MAX_REQUEST_ID_LENGTH} characters`;
    if (!message.reply) return 'Malformed message: a request needs a reply subject';
    return undefined;
  }

  /** A typed VALIDATION_FAILED reply (when someone waits for one) and one warning line, no stack. */
  private refuse(channel: string, message: Msg, problem: string): void {
    this.logger.warn(`Refused a message on ${channel}: ${problem}`);
    if (!message.reply) return;
    let id: unknown;
    try {
      id = (JSON.parse(new TextDecoder().decode(message.data)) as { id?: unknown } | null)?.id;
    } catch {
      id = undefined;
    }
    message.respond(
      JSONCodec().encode({
        ...(typeof id === 'string' ? { id } : {}),
        err: { code: ErrorCode.ValidationFailed, message: problem, service: this.queue },
        isDisposed: true,
      }),
    );
  }

  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null; subscriptions: Subscription[] };
    const connection = self.natsClient;
    if (!connection) return;
    // No new messages; those already delivered are handled.
    await Promise.all(self.subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    await this.waitForInFlight();
    self.natsClient = null;
    if (!connection.isClosed()) await connection.drain();
  }

  private waitForInFlight(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.logger.warn(
          `Closing with ${this.inFlight} request(s) still in flight after ${this.shutdownGraceMs} ms`,
        );
        done();
      }, this.shutdownGraceMs);
      this.idleWaiters.add(done);
    });
  }
}
