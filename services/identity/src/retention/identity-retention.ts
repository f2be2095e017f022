import { Injectable } from '@nestjs/common';
import type { RetentionPlan } from '@backtalk/kit';
import { AccountAnnouncer } from './account-announcer';
import { AccountDeletionRepository } from './account-deletion.repository';
import { IdentityTerms } from './retention-terms';

/**
 * Identity's retention plan (docs/retention.md), run by the kit's RetentionJob: announces
 * account deletions not yet stored by every service, removes the tombstones of deletions
 * older than the account-data term, sessions ended more than 30 days ago and codes past
 * their expiry. Identity is where deletions start, so it takes no announcement itself.
 */
@Injectable()
export class IdentityRetention implements RetentionPlan {
  readonly steps = [
    { name: 'announced', run: (now: Date) => this.announcer.announcePending(now) },
    {
      name: 'tombstones',
      run: (now: Date) =>
        this.deletions.purgeTombstones(new Date(now.getTime() - IdentityTerms.accountDataMs)),
    },
    {
      name: 'sessions',
      run: (now: Date) =>
        this.deletions.purgeEndedSessions(new Date(now.getTime() - IdentityTerms.endedSessionMs)),
    },
    { name: 'codes', run: (now: Date) => this.deletions.purgeExpiredCodes(now) },
  ];

  constructor(
    private readonly deletions: AccountDeletionRepository,
    private readonly announcer: AccountAnnouncer,
  ) {}
}
