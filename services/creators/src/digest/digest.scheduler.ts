import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { CreatorsConfig } from '../creators.config';
import { DigestRepository } from './digest.repository';
import { digestWeekOf } from './digest-week';

/**
 * The weekly digest's job (docs/creators.md, "Weekly digest"): every DIGEST_CHECK_MINUTES each
 * replica asks which creators' digest of the last complete week is still due and queues one durable
 * `creators.weekly-digest.requested` per creator, named by creator and week. Replicas that tick
 * together queue the same names (the queue drops the copies), the consumer skips a week already
 * recorded, and identity sends the week's key once: one email per creator per week, whatever the
 * number of replicas, ticks or restarts.
 */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DigestScheduler.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: CreatorsConfig,
    private readonly digests: DigestRepository,
    private readonly queue: DurableQueue,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.DIGEST_CHECK_MINUTES;
    if (minutes === 0) return;
    this.timer = setInterval(
      () =>
        void this.tick().catch((error: unknown) =>
          this.logger.warn(`Weekly digest round failed: ${String(error)}`),
        ),
      minutes * 60_000,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues every digest due at `now` (the clock is a parameter so tests can move it); answers how many. */
  async tick(now: Date = new Date()): Promise<number> {
    const week = digestWeekOf(now);
    const due = await this.digests.due(week.from, week.to);
    const weekStart = week.from.toISOString();
    for (const { id } of due)
      await this.queue.publish(
        DurableSubjects.CreatorsWeeklyDigestRequested,
        { creatorId: id, weekStart },
        { dedupeId: `weekly-digest:${id}:${weekStart}` },
      );
    if (due.length > 0) this.logger.log(`Weekly digests of ${weekStart} queued: ${due.length}`);
    return due.length;
  }
}
