import { ClientProxy, NatsRecord } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import type { ReadPacket, WritePacket } from '@nestjs/microservices';
import type { MsgHdrs } from 'nats';
import { InProcessBus } from './in-process.bus';

/** The client half of the in-process transport; see InProcessServer. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly bus: InProcessBus) {
    super();
  }

  async connect(): Promise<void> {
    // Nothing to connect: the bus lives in this process.
  }

  close(): void {
    // Nothing to close.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  /** ServiceClient's call path: the reply packets to `onPacket`, no Observable in between. */
  sendPacket(pattern: string, data: unknown, onPacket: (packet: WritePacket) => void): () => void {
    return this.publish({ pattern, data }, onPacket);
  }

  protected publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    const { data, headers } = splitRecord(packet.data);
    let active = true;
    const subject = this.normalizePattern(packet.pattern);
    const delivered = this.bus.publish({
      subject,
      data: JSON.stringify({ ...packet, data }),
      headers,
      respond: (raw) => {
        if (!active) return;
        const message = JSON.parse(raw) as WritePacket & { id?: string };
        if (message.id && message.id !== packet.id) return;
        const { err, response, isDisposed } = message;
        if (isDisposed || err) {
          active = false;
          callback({ err, response, isDisposed: true });
          return;
        }
        callback({ err, response });
      },
    });
    if (!delivered) {
      // Same error, and same asynchrony, as Nest's NATS client on "no responders".
      setImmediate(() => active && callback({ err: new EmptyResponseException(subject), isDisposed: true }));
    }
    return () => {
      active = false;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const { data, headers } = splitRecord(packet.data);
    this.bus.publish({
      subject: this.normalizePattern(packet.pattern),
      data: JSON.stringify({ ...packet, data }),
      headers,
    });
    return undefined as T;
  }
}

function splitRecord(data: unknown): { data: unknown; headers?: MsgHdrs } {
  if (data instanceof NatsRecord) return { data: data.data, headers: data.headers as MsgHdrs | undefined };
  return { data };
}
