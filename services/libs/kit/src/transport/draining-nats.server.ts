import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';

/**
 * Nest's NATS server closes its connection at shutdown; this one drains it
 * instead: it stops taking new messages, lets in-flight handlers reply, and
 * only then closes, so a rolling restart drops no request.
 */
export class DrainingNatsServer extends ServerNats {
  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null };
    const connection = self.natsClient;
    if (!connection) return;
    self.natsClient = null;
    if (!connection.isClosed()) await connection.drain();
  }
}
