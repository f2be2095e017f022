import type { Logger } from '@nestjs/common';
import { type DurableSubject, ErrorCode, durableOwner } from '@backtalk/proto';
import { headers as natsHeaders } from 'nats';
import type { DataSource } from 'typeorm';
import { ServiceError } from '../errors/service-error';
import { REQUEST_ID_HEADER } from '../logging/request-context';
import {
  DEDUPE_HEADER,
  DUPLICATE_WINDOW_MS,
  type DeliveryOutcome,
  type DurableSettings,
  type RawDelivery,
} from './durable-delivery';
import type { InProcessBus } from './in-process.bus';

/**
 * The longest the queue sleeps with nothing due. A message stored in this process wakes it at
 * once, and a retry or a lease that lapses wakes it when due; this bound only limits how long a
 * row written some other way (by hand, or a clock change) waits. It used to look every 500 ms,
 * which kept an idle standalone Backtalk at ~5 % of a core (docs/benchmarks.md, issue 13).
 */
const MAX_IDLE_MS = 30_000;
/** A message due but not claimed (its row locked a moment): looked for again this soon. */
const DUE_BUT_UNCLAIMED_MS = 50;
/** How long the queue waits before trying again after its database failed. */
const RETRY_AFTER_FAILURE_MS = 500;
const PURGE_INTERVAL_MS = 60_000;

type Deliver = (delivery: RawDelivery) => Promise<DeliveryOutcome>;

interface ClaimedRow {
  id: string;
  subject: DurableSubject;
  dedupeId: string;
  payload: string;
  requestId: string | null;
  deliveries: number;
}

/** The SQL of the standalone queue (`durable_messages` in the consuming service's schema). */
class DurableMessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a message once per (subject, dedupe id); false when it was already there. */
  async insert(
    subject: string,
    dedupeId: string,
    payload: string,
    requestId: string | null,
  ): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO durable_messages ("subject", "dedupeId", "payload", "requestId") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("subject", "dedupeId") DO NOTHING RETURNING "id"`,
      [subject, dedupeId, payload, requestId],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Takes up to `limit` of the oldest due messages, leaving out those this process is already
   * handling, and leases each for the ack wait (a crash makes it due again then); oldest first.
   */
  async claim(subjects: string[], ackWaitMs: number, limit: number, inHand: string[]): Promise<ClaimedRow[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE durable_messages SET "deliveries" = "deliveries" + 1,
         "availableAt" = now() + make_interval(secs => $2::double precision / 1000)
       WHERE "id" IN (SELECT "id" FROM durable_messages
         WHERE "state" = 'pending' AND "subject" = ANY($1) AND "availableAt" <= now()
           AND NOT ("id" = ANY($4::bigint[]))
         ORDER BY "availableAt", "id" FOR UPDATE SKIP LOCKED LIMIT $3)
       RETURNING "id", "subject", "dedupeId", "payload", "requestId", "deliveries"`,
      [subjects, ackWaitMs, limit, inHand],
    )) as [ClaimedRow[], number];
    return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** Keeps a message in hand leased, as JetStream's `working()` does, so a slow handler is not redelivered. */
  async extendLease(id: string, ackWaitMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE durable_messages SET "availableAt" = now() + make_interval(secs => $2::double precision / 1000)
       WHERE "id" = $1 AND "state" = 'pending'`,
      [id, ackWaitMs],
    );
  }

  async settle(id: string, outcome: DeliveryOutcome): Promise<void> {
    if (outcome.kind === 'ack') {
      await this.dataSource.query(
        `UPDATE durable_messages SET "state" = 'acked', "settledAt" = now(), "lastError" = NULL WHERE "id" = $1`,
        [id],
      );
    } else if (outcome.kind === 'retry') {
      await this.dataSource.query(
        `UPDATE durable_messages SET "availableAt" = now() + make_interval(secs => $2::double precision / 1000)
         WHERE "id" = $1`,
        [id, outcome.delayMs],
      );
    } else {
      await this.dataSource.query(
        `UPDATE durable_messages SET "state" = 'dead', "settledAt" = now(), "lastError" = $2 WHERE "id" = $1`,
        [id, outcome.reason],
      );
    }
  }

  /** Milliseconds until the next pending message of these subjects is due (0: now), or undefined for none. */
  async untilNextDue(subjects: string[]): Promise<number | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT (extract(epoch FROM min("availableAt") - now()) * 1000)::double precision AS "ms"
       FROM durable_messages WHERE "state" = 'pending' AND "subject" = ANY($1)`,
      [subjects],
    )) as { ms: number | null }[];
    return row?.ms === null || row?.ms === undefined ? undefined : Math.max(0, row.ms);
  }

  /** Acked messages are kept only as long as their dedupe id must be remembered. */
  async purgeAcked(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM durable_messages WHERE "state" = 'acked'
       AND "settledAt" < now() - make_interval(secs => $1::double precision / 1000)`,
      [DUPLICATE_WINDOW_MS],
    );
  }
}

interface IntakeReply {
  duplicate?: boolean;
  error?: string;
}

/**
 * Durable work in standalone mode, where there is no NATS: the consuming
 * service keeps its queue in its own PostgreSQL schema, so a message survives
 * a restart as it would in JetStream. A publisher (any module in the process)
 * hands the message to the consumer's intake on the in-process bus and is
 * answered once the row is committed — the counterpart of JetStream's publish
 * acknowledgement. The consumer leases due rows (SKIP LOCKED) and handles up to
 * `concurrency` at once, so one slow delivery (a creator's initialisation) does
 * not hold up the others; the same rules hold: ack after success, backoff, dead
 * letters, and redelivery after the ack wait when the process died mid-delivery
 * (a lease is renewed while its handler runs).
 */
export class PostgresDurableBackend {
  private readonly unsubscribers: (() => void)[] = [];
  private readonly subjects: DurableSubject[] = [];
  private readonly handlers = new Map<DurableSubject, Deliver>();
  private repository: DurableMessageRepository | undefined;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Set when something may have become due since the loop last looked; cleared as it looks. */
  private woken = false;
  private stopped = false;
  private lastPurge = 0;
  /** The deliveries running now, by message id. */
  private readonly inHand = new Map<string, Promise<void>>();

  constructor(
    private readonly bus: InProcessBus,
    private readonly dataSource: DataSource | undefined,
    private readonly settings: DurableSettings,
    private readonly logger: Logger,
    private readonly service: string,
    private readonly publishTimeoutMs: number,
    private readonly concurrency: number,
  ) {}

  publish(
    subject: DurableSubject,
    data: string,
    dedupeId: string,
    requestId: string | undefined,
  ): Promise<{ duplicate: boolean }> {
    const owner = durableOwner(subject);
    return new Promise((resolve, reject) => {
      const headers = natsHeaders();
      headers.set(DEDUPE_HEADER, dedupeId);
      if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
      const timer = setTimeout(
        () =>
          reject(
            new ServiceError(
              ErrorCode.ServiceUnavailable,
              `${owner} did not store the message in time`,
              undefined,
              owner,
            ),
          ),
        this.publishTimeoutMs,
      );
      const delivered = this.bus.publish({
        subject,
        data,
        headers,
        respond: (raw) => {
          clearTimeout(timer);
          const reply = JSON.parse(raw) as IntakeReply;
          if (reply.error)
            reject(new ServiceError(ErrorCode.ServiceUnavailable, reply.error, undefined, owner));
          else resolve({ duplicate: reply.duplicate === true });
        },
      });
      if (!delivered) {
        clearTimeout(timer);
        reject(new ServiceError(ErrorCode.ServiceUnavailable, `${owner} is unavailable`, undefined, owner));
      }
    });
  }

  consume(subject: DurableSubject, deliver: Deliver): Promise<void> {
    if (!this.dataSource)
      throw new Error(
        `${this.service} consumes ${subject} but has no database: standalone mode keeps durable messages in the consumer's schema`,
      );
    this.repository ??= new DurableMessageRepository(this.dataSource);
    const repository = this.repository;
    this.subjects.push(subject);
    this.handlers.set(subject, deliver);
    this.unsubscribers.push(
      this.bus.subscribe(subject, (message) => {
        const dedupeId = message.headers?.get(DEDUPE_HEADER) ?? '';
        const requestId = message.headers?.get(REQUEST_ID_HEADER) || null;
        const answer = (reply: IntakeReply): void => message.respond?.(JSON.stringify(reply));
        if (!dedupeId) return answer({ error: 'A durable message needs a dedupe id' });
        repository.insert(subject, dedupeId, message.data, requestId).then(
          (stored) => {
            answer({ duplicate: !stored });
            this.wakeUp();
          },
          (error: Error) =>
            answer({ error: `${this.service} could not store the message: ${error.message}` }),
        );
      }),
    );
    this.running ??= this.loop();
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
    this.wakeUp();
    await this.running;
    await Promise.all(this.inHand.values());
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      let idleMs = RETRY_AFTER_FAILURE_MS;
      try {
        this.woken = false;
        const free = this.concurrency - this.inHand.size;
        // With every slot busy, the loop waits for a delivery to end (it wakes the loop).
        if (free <= 0) idleMs = MAX_IDLE_MS;
        else {
          claimed = await this.startDue(free);
          if (claimed === 0)
            idleMs = Math.max(
              DUE_BUT_UNCLAIMED_MS,
              Math.min(MAX_IDLE_MS, (await this.repository?.untilNextDue(this.subjects)) ?? MAX_IDLE_MS),
            );
        }
        if (Date.now() - this.lastPurge > PURGE_INTERVAL_MS) {
          this.lastPurge = Date.now();
          await this.repository?.purgeAcked();
        }
      } catch (error) {
        if (this.stopped) return;
        this.logger.error(`The durable queue of ${this.service} failed: ${(error as Error).message}`);
      }
      if (claimed === 0 && !this.stopped) await this.sleep(idleMs);
    }
  }

  private wakeUp(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Claims up to `free` due messages and starts their deliveries; answers how many it claimed. */
  private async startDue(free: number): Promise<number> {
    const repository = this.repository;
    if (!repository) return 0;
    const rows = await repository.claim(this.subjects, this.settings.ackWaitMs, free, [
      ...this.inHand.keys(),
    ]);
    for (const row of rows) {
      const delivery = this.deliver(repository, row)
        .catch((error: Error) =>
          this.logger.error(`The durable queue of ${this.service} failed: ${error.message}`),
        )
        .finally(() => {
          this.inHand.delete(row.id);
          this.wakeUp();
        });
      this.inHand.set(row.id, delivery);
    }
    return rows.length;
  }

  private async deliver(repository: DurableMessageRepository, row: ClaimedRow): Promise<void> {
    const deliver = this.handlers.get(row.subject);
    if (!deliver) return;
    const { ackWaitMs } = this.settings;
    const renew = setInterval(
      () => {
        repository.extendLease(row.id, ackWaitMs).catch((error: Error) => {
          this.logger.warn(
            `${this.service} could not renew the lease of a durable message: ${error.message}`,
          );
        });
      },
      Math.max(250, ackWaitMs / 2),
    );
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver({
        subject: row.subject,
        data: row.payload,
        dedupeId: row.dedupeId,
        deliveries: row.deliveries,
        requestId: row.requestId ?? undefined,
      });
    } finally {
      clearInterval(renew);
    }
    await repository.settle(row.id, outcome);
  }

  /** Sleeps for `ms`, or less when woken; not at all if woken since the loop last looked. */
  private sleep(ms: number): Promise<void> {
    if (this.woken || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
