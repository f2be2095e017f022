import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock, HourlyRun } from '@backtalk/kit';
import { AccountAnnouncer } from './account-announcer';
import { AccountDeletionRepository } from './account-deletion.repository';
import { IdentityTerms } from './retention-terms';

export interface IdentityRetentionRun {
  announced: number;
  tombstones: number;
  sessions: number;
  codes: number;
}

/**
 * Identity's retention job (docs/retention.md), at start and then hourly: announces
 * account deletions not yet stored by every service, removes the tombstones of deletions
 * older than the account-data term, sessions ended more than 30 days ago and codes past
 * their expiry. Every step is a plain DELETE of what is due, so running it twice, or on
 * two replicas at once, does nothing more. One log line per run.
 */
@Injectable()
export class IdentityRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdentityRetentionJob.name);
  private readonly hourly = new HourlyRun(
    () => this.run(),
    (error) => this.logger.warn(`Retention run failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    private readonly deletions: AccountDeletionRepository,
    private readonly announcer: AccountAnnouncer,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }

  async run(): Promise<IdentityRetentionRun> {
    const now = this.clock.now();
    const result = {
      announced: await this.announcer.announcePending(now),
      tombstones: await this.deletions.purgeTombstones(new Date(now.getTime() - IdentityTerms.accountDataMs)),
      sessions: await this.deletions.purgeEndedSessions(
        new Date(now.getTime() - IdentityTerms.endedSessionMs),
      ),
      codes: await this.deletions.purgeExpiredCodes(now),
    };
    this.logger.log(
      `Retention run at ${now.toISOString()}: ${result.announced} deletion(s) announced, ${result.tombstones} tombstone(s), ${result.sessions} ended session(s), ${result.codes} expired code(s) removed`,
    );
    return result;
  }
}
