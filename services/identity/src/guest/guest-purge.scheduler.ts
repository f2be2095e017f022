import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConvertGuest } from './convert-guest.use-case';
import { PurgeGuests } from './purge-guests.use-case';

/** How often each replica looks for guests to purge; the purge itself is safe to run concurrently. */
const GUEST_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs PurgeGuests, and finishes guest conversions whose chats could not be
 * moved yet, at start and then hourly (a timer: two small jobs do not warrant a
 * scheduler library).
 */
@Injectable()
export class GuestPurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GuestPurgeScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly purge: PurgeGuests,
    private readonly conversions: ConvertGuest,
  ) {}

  onApplicationBootstrap(): void {
    this.run();
    this.timer = setInterval(() => this.run(), GUEST_PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private run(): void {
    if (this.running) return;
    this.running = this.conversions
      .retryPending()
      .then(() => this.purge.execute())
      .catch((error: unknown) => this.logger.warn(`Guest purge failed, retrying next hour: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
