import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HourlyRun } from '@backtalk/kit';
import { IdentityConfig } from '../identity.config';
import { UserRepository } from '../user/user.repository';
import { ConvertGuest } from './convert-guest.use-case';
import { PurgeGuests } from './purge-guests.use-case';

/**
 * Runs PurgeGuests, finishes guest conversions whose chats could not be moved
 * yet, and deletes sign-ups never confirmed (UNCONFIRMED_ACCOUNT_RETENTION_HOURS),
 * at start and then hourly (a timer: small jobs do not warrant a scheduler library).
 */
@Injectable()
export class GuestPurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GuestPurgeScheduler.name);
  private readonly hourly = new HourlyRun(
    () =>
      this.conversions
        .retryPending()
        .then(() => this.purge.execute())
        .then(() => this.purgeUnconfirmed()),
    (error) => this.logger.warn(`Guest purge failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    private readonly purge: PurgeGuests,
    private readonly conversions: ConvertGuest,
    private readonly users: UserRepository,
    private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }

  private async purgeUnconfirmed(): Promise<void> {
    const cutoff = new Date(Date.now() - this.config.UNCONFIRMED_ACCOUNT_RETENTION_HOURS * 3600_000);
    const purged = await this.users.purgeUnconfirmed(cutoff);
    if (purged > 0) this.logger.log(`Deleted ${purged} sign-up(s) never confirmed`);
  }
}
