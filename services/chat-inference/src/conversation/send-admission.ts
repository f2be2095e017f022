import { type Due, ServiceError, streamDeadlines } from '@backtalk/kit';
import { defaultMessageFor, ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import { Injectable } from '@nestjs/common';
import { Observable, type Subscriber, type Subscription } from 'rxjs';
import { ChatInferenceConfig } from '../chat-inference.config';

export interface AdmissionLimits {
  /** Sends that may be before their first event at once (CHAT_SEND_CONCURRENCY). */
  concurrency: number;
  /** Sends that may wait for one of those places (CHAT_SEND_QUEUE_LIMIT). */
  queueLimit: number;
}

/**
 * What becomes of a send that arrives while `running` sends are in their first phase and
 * `waiting` wait: it runs at once only when a place is free and nobody is ahead of it (first come,
 * first served), waits while the queue has room, and is refused beyond it.
 */
export function admissionFor(
  running: number,
  waiting: number,
  limits: AdmissionLimits,
): 'run' | 'queue' | 'refuse' {
  if (running < limits.concurrency && waiting === 0) return 'run';
  return waiting < limits.queueLimit ? 'queue' : 'refuse';
}

/**
 * The `Retry-After` of a refused send: about when the sends ahead of it will have had their
 * places — `ahead` sends through `concurrency` places, each held `meanHoldMs` — at least 1 s
 * and at most a minute.
 */
export function retryAfterSeconds(ahead: number, concurrency: number, meanHoldMs: number): number {
  const drainMs = (ahead * meanHoldMs) / Math.max(1, concurrency);
  return Math.min(60, Math.max(1, Math.ceil(drainMs / 1000)));
}

/** How fast the mean hold time follows new sends (an exponentially weighted mean). */
const HOLD_WEIGHT = 0.1;

/** A send waiting for its place; on the wheel for its longest wait. */
class QueuedSend implements Due {
  wheelSlot = -1;
  dueAt: number;
  /** Started, cancelled or expired: no longer waiting. */
  done = false;
  /** The send, once started. */
  running: Subscription | undefined;

  constructor(
    readonly subscriber: Subscriber<MessageStreamEvent>,
    readonly send$: Observable<MessageStreamEvent>,
    maxWaitMs: number,
    private readonly admission: SendAdmission,
  ) {
    this.dueAt = performance.now() + maxWaitMs;
    streamDeadlines.schedule(this);
  }

  onDue(): void {
    if (!this.done) this.admission.expire(this);
  }
}

/**
 * Admission control in front of the send use case (issue 25): at most CHAT_SEND_CONCURRENCY sends
 * of this process are in their first phase at once — the statements before the model is called
 * (the conversation, `send_turn`, the history) and the model's first token — so a burst of sends
 * never waits for a database connection longer than the pool allows (`SERVICE_BUSY` after 5 s);
 * the rest wait their turn, first come first served, with the reply's heartbeats going out (the
 * gateway keeps the fan's stream open). Only beyond CHAT_SEND_QUEUE_LIMIT waiting sends, or after
 * CHAT_SEND_QUEUE_WAIT_SECONDS in the queue, is a send refused: `503 SERVICE_BUSY` with
 * `retryAfterSeconds` (the gateway's `Retry-After`), before anything is stored or charged.
 * A place is given back at the send's first event, its end, or the fan leaving.
 */
@Injectable()
export class SendAdmission {
  private running = 0;
  /** First come, first served; entries no longer waiting are skipped when their turn comes. */
  private readonly queue: QueuedSend[] = [];
  private head = 0;
  private queued = 0;
  private meanHoldMs = 500;
  private readonly limits: AdmissionLimits;
  private readonly maxWaitMs: number;

  constructor(config: ChatInferenceConfig) {
    this.limits = { concurrency: config.CHAT_SEND_CONCURRENCY, queueLimit: config.CHAT_SEND_QUEUE_LIMIT };
    this.maxWaitMs = config.CHAT_SEND_QUEUE_WAIT_SECONDS * 1000;
  }

  /** `send$` run once a place is free, or refused with SERVICE_BUSY when the queue is full. */
  admit(send$: Observable<MessageStreamEvent>): Observable<MessageStreamEvent> {
    return new Observable<MessageStreamEvent>((subscriber) => {
      const waiting = this.queued;
      switch (admissionFor(this.running, waiting, this.limits)) {
        case 'run':
          return this.run(subscriber, send$);
        case 'refuse':
          subscriber.error(this.busy(waiting + this.running));
          return undefined;
        case 'queue': {
          const queued = new QueuedSend(subscriber, send$, this.maxWaitMs, this);
          this.queue.push(queued);
          this.queued++;
          return () => {
            if (queued.running) queued.running.unsubscribe();
            else this.leave(queued);
          };
        }
      }
    });
  }

  /** How many sends wait for a place (for tests and the benchmark's reading). */
  get waiting(): number {
    return this.queued;
  }

  /** A queued send that waited CHAT_SEND_QUEUE_WAIT_SECONDS: refused like one beyond the bound. */
  expire(queued: QueuedSend): void {
    this.leave(queued);
    queued.subscriber.error(this.busy(this.queued + this.running));
  }

  private run(
    subscriber: Subscriber<MessageStreamEvent>,
    send$: Observable<MessageStreamEvent>,
  ): Subscription {
    this.running++;
    const admittedAt = performance.now();
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      this.running--;
      this.meanHoldMs += HOLD_WEIGHT * (performance.now() - admittedAt - this.meanHoldMs);
      this.next();
    };
    const subscription = send$.subscribe({
      next: (event) => {
        release();
        subscriber.next(event);
      },
      error: (error: unknown) => {
        release();
        subscriber.error(error);
      },
      complete: () => {
        release();
        subscriber.complete();
      },
    });
    subscription.add(release);
    return subscription;
  }

  /** Starts the sends at the head of the queue while places are free. */
  private next(): void {
    while (this.running < this.limits.concurrency && this.head < this.queue.length) {
      const queued = this.queue[this.head++] as QueuedSend;
      if (queued.done) continue;
      this.leave(queued);
      queued.running = this.run(queued.subscriber, queued.send$);
    }
    // Drop the entries already served once they are most of the array.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Takes a send out of those waiting (started, cancelled or expired). */
  private leave(queued: QueuedSend): void {
    if (queued.done) return;
    queued.done = true;
    this.queued--;
    streamDeadlines.cancel(queued);
  }

  private busy(ahead: number): ServiceError {
    return new ServiceError(ErrorCode.ServiceBusy, defaultMessageFor(ErrorCode.ServiceBusy), {
      retryAfterSeconds: retryAfterSeconds(ahead, this.limits.concurrency, this.meanHoldMs),
    });
  }
}
