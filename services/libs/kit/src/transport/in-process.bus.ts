import type { MsgHdrs } from 'nats';

/** A message as it travels the in-process bus: serialised bytes, as on the wire. */
export interface BusMessage {
  subject: string;
  data: string;
  headers?: MsgHdrs;
  /** Present on requests; each call delivers one serialised response packet. */
  respond?: (data: string) => void;
}

type BusListener = (message: BusMessage) => void;

/**
 * The in-process stand-in for the NATS server in standalone mode: subjects,
 * queue-group delivery (one subscriber per message, round robin), and
 * asynchronous delivery. A request with no subscriber fails at once, as NATS
 * "no responders" does, so callers see the same error in both modes.
 */
export class InProcessBus {
  private readonly queues = new Map<string, { listeners: BusListener[]; next: number }>();

  subscribe(subject: string, listener: BusListener): () => void {
    const queue = this.queues.get(subject) ?? { listeners: [], next: 0 };
    queue.listeners.push(listener);
    this.queues.set(subject, queue);
    return () => {
      queue.listeners = queue.listeners.filter((candidate) => candidate !== listener);
      if (queue.listeners.length === 0) this.queues.delete(subject);
    };
  }

  /** Returns false when nobody listens (NATS answers such a request with "no responders"). */
  publish(message: BusMessage): boolean {
    const queue = this.queues.get(message.subject);
    if (!queue || queue.listeners.length === 0) return false;
    const listener = queue.listeners[queue.next % queue.listeners.length];
    queue.next = (queue.next + 1) % queue.listeners.length;
    setImmediate(() => listener?.(message));
    return true;
  }

  hasSubscribers(subject: string): boolean {
    return (this.queues.get(subject)?.listeners.length ?? 0) > 0;
  }
}

/** Standalone mode runs every service module in one process, sharing this bus. */
export const processBus = new InProcessBus();
