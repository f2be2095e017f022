import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue } from '@backtalk/kit';
import { accountDeletedSubjects } from '@backtalk/proto';
import type { AccountDeletionEntity } from './account-deletion.entity';
import { AccountDeletionRepository } from './account-deletion.repository';

/**
 * Tells every service holding a user's data that the account was deleted, through
 * each one's durable queue (a service that is down takes it when it is back). The
 * dedupe id is the user's, so announcing again — after a failure, or from two
 * replicas — stores it once; consumers are idempotent besides.
 */
@Injectable()
export class AccountAnnouncer {
  private readonly logger = new Logger(AccountAnnouncer.name);

  constructor(
    private readonly queue: DurableQueue,
    private readonly deletions: AccountDeletionRepository,
  ) {}

  /** True once every queue stored it; false leaves it for the retention job's next run. */
  async announce(deletion: AccountDeletionEntity, now: Date): Promise<boolean> {
    const payload = {
      userId: deletion.userId,
      deletedAt: deletion.deletedAt.toISOString(),
      wasCreator: deletion.wasCreator,
    };
    try {
      for (const subject of accountDeletedSubjects)
        await this.queue.publish(subject, payload, { dedupeId: `account-deleted:${deletion.userId}` });
    } catch (error) {
      this.logger.warn(`Could not announce the deletion of ${deletion.userId} yet: ${String(error)}`);
      return false;
    }
    await this.deletions.markAnnounced(deletion.userId, now);
    return true;
  }

  /** Announces deletions a earlier attempt could not; the number announced. */
  async announcePending(now: Date): Promise<number> {
    let announced = 0;
    for (const deletion of await this.deletions.unannounced(100))
      if (await this.announce(deletion, now)) announced += 1;
    return announced;
  }
}
