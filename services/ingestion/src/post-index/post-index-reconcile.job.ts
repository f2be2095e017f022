import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HOURLY_MS } from '@backtalk/kit';
import { ReconcilePostIndex } from './reconcile-post-index.use-case';

/**
 * Runs ReconcilePostIndex every hour in each ingestion replica, never two runs at once. Not at
 * start: the fill at start already indexes every creator the index lacks, without the model.
 * Replicas repairing the same creator at once write the same posts (IndexCreatorPosts).
 */
@Injectable()
export class PostIndexReconcileJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostIndexReconcileJob.name);
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly reconcile: ReconcilePostIndex) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.run(), HOURLY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.running;
  }

  private run(): void {
    if (this.running) return;
    this.running = this.reconcile
      .execute(this.stopping.signal)
      .then(
        ({ creators, repaired, removed, failed }) =>
          this.logger.log(
            `Post index reconciled: ${creators} creators, ${repaired} repaired, ${removed} removed, ${failed} failed`,
          ),
        (error: unknown) =>
          this.logger.warn(`Could not reconcile the post index: ${(error as Error).message}`),
      )
      .finally(() => {
        this.running = undefined;
      });
  }
}
