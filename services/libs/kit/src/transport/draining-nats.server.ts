import { ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { ErrorCode } from '@backtalk/proto';
import { JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';

type NatsServerOptions = Required<NatsOptions>['options'] & { subjectPrefix?: string };

/**
 * Nest's NATS server with two changes. At shutdown it drains instead of
 * closing: it stops taking new messages, lets in-flight handlers reply, then
 * closes, so a rolling restart drops no request. And it can serve its subjects
 * under a prefix (NATS_SUBJECT_PREFIX), so several environments or test runs
 * can share one NATS server without answering each other's requests.
 * A message that is not even JSON gets a typed error reply instead of an
 * unhandled rejection that would take the process down.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly subjectPrefix: string;
  private readonly queue: string | undefined;

  constructor(options: NatsServerOptions) {
    const { subjectPrefix, ...natsOptions } = options;
    super(natsOptions);
    this.subjectPrefix = subjectPrefix ?? '';
    this.queue = natsOptions.queue;
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
    try {
      return await super.handleMessage(channel, message);
    } catch (error) {
      this.logger.warn(`Dropped a malformed message on ${channel}: ${(error as Error).message}`);
      if (message.reply) {
        message.respond(
          JSONCodec().encode({
            err: { code: ErrorCode.ValidationFailed, message: 'Malformed message: not a JSON request packet', service: this.queue },
            isDisposed: true,
          }),
        );
      }
      return undefined;
    }
  }

  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null };
    const connection = self.natsClient;
    if (!connection) return;
    self.natsClient = null;
    if (!connection.isClosed()) await connection.drain();
  }
}
