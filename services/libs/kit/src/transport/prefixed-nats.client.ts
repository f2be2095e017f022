import { ClientNats } from '@nestjs/microservices';
import type { MsPattern, NatsOptions, ReadPacket, WritePacket } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { createInbox, type Msg, type NatsConnection, type NatsError, type Subscription } from 'nats';

type ReplyHandler = (error: NatsError | null, message: Msg) => unknown;

/** One wildcard subscription that receives the replies to every request this client sends. */
interface ReplyInbox {
  connection: NatsConnection;
  /** `<inboxPrefix>.<unique>.`: a request's replies come to this plus the request's packet id. */
  prefix: string;
  handlers: Map<string, ReplyHandler>;
  subscription: Subscription;
}

/**
 * Nest's NATS client, sending to subjects under NATS_SUBJECT_PREFIX (see DrainingNatsServer),
 * with its replies on one shared inbox subscription, as nats.js's own `request()` does. Nest's
 * client subscribes to a new inbox for every request and unsubscribes after it: two protocol
 * messages and a subscription set up and torn down on both the client and the NATS server per
 * call (docs/benchmarks.md section 3, issue 13). Replies still go only to inboxes under this
 * service's own prefix (natsInboxPrefix), which only it may read.
 */
export class PrefixedNatsClient extends ClientNats {
  private inbox?: ReplyInbox;

  constructor(
    options: Required<NatsOptions>['options'],
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }

  /**
   * ServiceClient's call path: the reply packets to `onPacket`, without the Observable, deferred
   * connect and mergeMap Nest's `send()` puts around each call.
   */
  sendPacket(pattern: string, data: unknown, onPacket: (packet: WritePacket) => void): () => void {
    if (this.natsClient) return this.publish({ pattern, data }, onPacket);
    let stop: (() => void) | undefined;
    let stopped = false;
    this.connect().then(
      () => {
        if (!stopped) stop = this.publish({ pattern, data }, onPacket);
      },
      (err: unknown) => {
        if (!stopped) onPacket({ err, isDisposed: true });
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  protected override publish(
    partialPacket: ReadPacket,
    callback: (packet: WritePacket) => unknown,
  ): () => void {
    try {
      const packet = this.assignPacketId(partialPacket);
      const channel = this.normalizePattern(partialPacket.pattern);
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: unknown };
      const inbox = this.replyInbox();
      const reply = `${inbox.prefix}${packet.id}`;
      // Only the id and the subject are kept for the replies, not the request's payload.
      const id = packet.id;
      inbox.handlers.set(reply, (error, message) => this.deliver(error, message, id, channel, callback));
      (this.natsClient as NatsConnection).publish(channel, serialized.data, {
        reply,
        headers: this.mergeHeaders(serialized.headers),
      });
      return () => inbox.handlers.delete(reply);
    } catch (err) {
      callback({ err });
      return () => undefined;
    }
  }

  /** One reply packet to its caller, as Nest's subscription handler delivers it. */
  private deliver(
    error: NatsError | null,
    message: Msg,
    id: string,
    channel: string,
    callback: (packet: WritePacket) => unknown,
  ): void {
    if (error) {
      callback({ err: error });
      return;
    }
    if (message.data.length === 0) {
      callback({ err: new EmptyResponseException(channel), isDisposed: true });
      return;
    }
    const reply = this.deserializer.deserialize(message.data) as WritePacket & { id?: string };
    if (reply.id && reply.id !== id) return;
    const { err, response, isDisposed } = reply;
    try {
      callback(isDisposed || err ? { err, response, isDisposed: true } : { err, response });
    } catch (thrown) {
      // Not into nats.js: the shared inbox subscription must survive one caller's failure. An
      // unhandled rejection, as Nest's own (async) handler made of it.
      void Promise.reject(thrown);
    }
  }

  /** The shared reply subscription of the current connection (a new one after Nest reconnects). */
  private replyInbox(): ReplyInbox {
    const connection = this.natsClient as NatsConnection;
    if (this.inbox?.connection === connection && !this.inbox.subscription.isClosed()) return this.inbox;
    const prefix = `${createInbox(this.options.inboxPrefix)}.`;
    const handlers = new Map<string, ReplyHandler>();
    const subscription = connection.subscribe(`${prefix}*`, {
      callback: (error, message) => {
        if (error) {
          // The subscription itself failed (a permissions violation, say): every waiting call hears it.
          for (const handler of handlers.values()) void handler(error, message);
          return;
        }
        void handlers.get(message.subject)?.(null, message);
      },
    });
    this.inbox = { connection, prefix, handlers, subscription };
    return this.inbox;
  }
}
