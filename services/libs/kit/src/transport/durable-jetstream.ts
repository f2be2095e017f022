import type { Logger } from '@nestjs/common';
import { type DurableSubject, DurableSubjects, durableOwner } from '@backtalk/proto';
import {
  AckPolicy,
  type ConnectionOptions,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
  connect,
  headers as natsHeaders,
  nanos,
} from 'nats';
import { REQUEST_ID_HEADER } from '../logging/request-context';
import {
  DEDUPE_HEADER,
  DUPLICATE_WINDOW_MS,
  type DeliveryOutcome,
  type DurableSettings,
  type RawDelivery,
} from './durable-delivery';

/** JetStream names allow letters, digits, `-` and `_` only. */
function jetStreamName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The stream holding every durable subject one service consumes. The subject
 * prefix is part of its name (`test1a2b_backtalk_billing`), so environments and
 * test runs sharing one NATS server each have their own streams and consumers.
 */
export function durableStreamConfig(
  owner: string,
  subjectPrefix: string,
): Partial<StreamConfig> & { name: string } {
  return {
    name: jetStreamName(`${subjectPrefix}backtalk_${owner}`),
    subjects: Object.values(DurableSubjects)
      .filter((subject) => durableOwner(subject) === owner)
      .map((subject) => `${subjectPrefix}${subject}`),
    // A message lives until its consumer acks it (or it is dead-lettered): one consumer per subject.
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(14 * 24 * 3600_000),
  };
}

export function durableConsumerName(subject: DurableSubject): string {
  return jetStreamName(subject);
}

type Deliver = (delivery: RawDelivery) => Promise<DeliveryOutcome>;

/**
 * Durable work over NATS JetStream (cluster mode): publishes with `Nats-Msg-Id`
 * and waits for the stream's acknowledgement; consumes through a durable pull
 * consumer with explicit acks, one message at a time.
 */
export class JetStreamDurableBackend {
  private connection: Promise<NatsConnection> | undefined;
  private readonly streams = new Map<string, Promise<void>>();
  private readonly loops: { messages: ConsumerMessages; done: Promise<void> }[] = [];
  private closing = false;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly subjectPrefix: string,
    private readonly settings: DurableSettings,
    private readonly logger: Logger,
    private readonly publishTimeoutMs: number,
  ) {}

  async publish(
    subject: DurableSubject,
    data: string,
    dedupeId: string,
    requestId: string | undefined,
  ): Promise<{ duplicate: boolean }> {
    const connection = await this.connect();
    await this.ensureStream(connection, durableOwner(subject));
    const headers = natsHeaders();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const ack = await connection
      .jetstream()
      .publish(`${this.subjectPrefix}${subject}`, new TextEncoder().encode(data), {
        msgID: dedupeId,
        headers,
        timeout: this.publishTimeoutMs,
      });
    return { duplicate: ack.duplicate };
  }

  async consume(subject: DurableSubject, deliver: Deliver): Promise<void> {
    const connection = await this.connect();
    const owner = durableOwner(subject);
    await this.ensureStream(connection, owner);
    const stream = durableStreamConfig(owner, this.subjectPrefix).name;
    const name = durableConsumerName(subject);
    await this.ensureConsumer(await this.manager(connection), stream, name, subject);
    const consumer = await connection.jetstream().consumers.get(stream, name);
    // One at a time: a message waiting in a client buffer would use up its ack wait.
    const messages = await consumer.consume({ max_messages: 1 });
    const done = (async () => {
      for await (const message of messages) {
        // A failed ack or nak is not the end of consuming: JetStream redelivers after the ack wait.
        await this.handle(message, subject, deliver).catch((error: unknown) =>
          this.logger.warn(`Settling a ${subject} message failed: ${(error as Error).message}`),
        );
      }
    })().catch((error: unknown) => {
      if (!this.closing) this.logger.error(`Consuming ${subject} stopped: ${(error as Error).message}`);
    });
    this.loops.push({ messages, done });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const loop of this.loops) {
      await loop.messages.close().catch(() => undefined);
      await loop.done;
    }
    const connection = await this.connection?.catch(() => undefined);
    if (connection && !connection.isClosed()) await connection.drain().catch(() => undefined);
  }

  private async handle(message: JsMsg, subject: DurableSubject, deliver: Deliver): Promise<void> {
    // Tells JetStream the handler is still at work, so a slow one is not redelivered meanwhile.
    const working = setInterval(() => message.working(), Math.max(250, this.settings.ackWaitMs / 2));
    try {
      const outcome = await deliver({
        subject,
        data: new TextDecoder().decode(message.data),
        dedupeId: message.headers?.get(DEDUPE_HEADER) || `${message.info.stream}#${message.seq}`,
        deliveries: message.info.deliveryCount,
        requestId: message.headers?.get(REQUEST_ID_HEADER) || undefined,
      });
      if (outcome.kind === 'ack') await message.ackAck();
      else if (outcome.kind === 'retry') message.nak(outcome.delayMs);
      // The reason is in the dead-letter log line; `+TERM <reason>` needs NATS 2.10.
      else message.term();
    } finally {
      clearInterval(working);
    }
  }

  private connect(): Promise<NatsConnection> {
    this.connection ??= connect(this.options);
    return this.connection;
  }

  private manager(connection: NatsConnection): Promise<JetStreamManager> {
    return connection.jetstreamManager({ checkAPI: false });
  }

  /** Creates the stream, or adds subjects a newer release declares; safe when several processes race. */
  private ensureStream(connection: NatsConnection, owner: string): Promise<void> {
    let ensured = this.streams.get(owner);
    if (!ensured) {
      ensured = this.createOrUpdateStream(connection, owner);
      ensured.catch(() => this.streams.delete(owner));
      this.streams.set(owner, ensured);
    }
    return ensured;
  }

  private async createOrUpdateStream(connection: NatsConnection, owner: string): Promise<void> {
    const manager = await this.manager(connection);
    const config = durableStreamConfig(owner, this.subjectPrefix);
    const existing = await manager.streams.info(config.name).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!existing) {
      await manager.streams.add(config).catch(async (error: unknown) => {
        // Another process created it first.
        if (!/already in use|exists/i.test((error as Error).message)) throw error;
      });
      return;
    }
    const missing = (config.subjects ?? []).filter((subject) => !existing.config.subjects.includes(subject));
    if (missing.length)
      await manager.streams.update(config.name, {
        subjects: [...existing.config.subjects, ...missing],
      });
  }

  private async ensureConsumer(
    manager: JetStreamManager,
    stream: string,
    name: string,
    subject: DurableSubject,
  ): Promise<void> {
    const config = {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${this.subjectPrefix}${subject}`,
      ack_wait: nanos(this.settings.ackWaitMs),
      // One more than the handler's own limit: the last failure is dead-lettered (term) by runDelivery.
      max_deliver: this.settings.maxDeliveries + 1,
    };
    const existing = await manager.consumers.info(stream, name).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!existing) {
      await manager.consumers.add(stream, config).catch((error: unknown) => {
        if (!/already (exists|in use)/i.test((error as Error).message)) throw error;
      });
    } else if (
      existing.config.ack_wait !== config.ack_wait ||
      existing.config.max_deliver !== config.max_deliver
    ) {
      await manager.consumers.update(stream, name, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
      });
    }
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { api_error?: { err_code?: number } }).api_error?.err_code;
  // 10059 stream not found, 10014 consumer not found.
  return code === 10059 || code === 10014 || /not found/i.test((error as Error).message ?? '');
}
