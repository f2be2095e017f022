import { CustomTransportStrategy, NatsContext, Server } from '@nestjs/microservices';
import type { MessageHandler, ReadPacket, WritePacket } from '@nestjs/microservices';
import { headers as natsHeaders } from 'nats';
import type { Observable, Subscription } from 'rxjs';
import { withContract } from './contract-handler';
import { publishReplies } from './reply-publisher';
import { type BusMessage, InProcessBus } from './in-process.bus';

/** Nest's own reply when nothing handles a pattern (same text as its NATS server). */
const NO_MESSAGE_HANDLER = 'There is no matching message handler defined in the remote service.';

/**
 * A Nest transport strategy over the in-process bus. Packets are JSON
 * serialised and parsed exactly as the NATS server does, handlers get a
 * NatsContext with real NATS headers, and streaming replies are sent value by
 * value, so services behave the same in standalone and cluster mode.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly unsubscribers: (() => void)[] = [];

  /** `service`: the name a refused payload's error carries (as the NATS server's queue group). */
  constructor(
    private readonly bus: InProcessBus,
    private readonly service?: string,
  ) {
    super();
    this.transportId = Symbol.for('backtalk.in-process');
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    for (const subject of this.messageHandlers.keys()) {
      this.unsubscribers.push(
        this.bus.subscribe(subject, (message) => void this.handleMessage(subject, message)),
      );
    }
    callback();
  }

  close(): void {
    this.unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  }

  on(): void {
    // The bus has no connection status to report.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  /** Every handler checks its payload against the subject's contract first (withContract). */
  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const subject = this.normalizePattern(pattern as string);
    super.addHandler(pattern, withContract(subject, callback, this.service), isEventHandler, extras);
  }

  /** Replies go out without Nest's per-value `process.nextTick` and operators (publishReplies). */
  override send(stream$: Observable<unknown>, respond: (data: WritePacket) => unknown): Subscription {
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

  private async handleMessage(subject: string, message: BusMessage): Promise<void> {
    const packet = JSON.parse(message.data) as ReadPacket & { id?: string };
    const context = new NatsContext([subject, message.headers ?? natsHeaders()]);
    if (packet.id === undefined) {
      await this.handleEvent(subject, packet, context);
      return;
    }
    const respond = (response: WritePacket): void =>
      message.respond?.(JSON.stringify({ ...response, id: packet.id }));
    const handler = this.getHandlerByPattern(subject);
    if (!handler) {
      respond({ err: NO_MESSAGE_HANDLER, isDisposed: true });
      return;
    }
    this.onProcessingStartHook(this.transportId!, context, async () => {
      const response$ = this.transformToObservable(await handler(packet.data, context));
      if (response$) this.send(response$, respond);
    });
  }
}
