import { Injectable } from '@nestjs/common';
import { DAY_MS, type ErasureContext, type RetentionPlan } from '@backtalk/kit';
import type { AccountDeletedPayload } from '@backtalk/proto';
import { ChatInferenceConfig } from '../chat-inference.config';
import { ChatRetentionRepository } from './chat-retention.repository';

/**
 * Chat-inference's retention terms (docs/retention.md). A deleted account's
 * conversations, messages and free-tier usage are its content: "after cancellation
 * content is deleted after 30 days" (spec §9, Terms), which also keeps "account data
 * within 60" (Privacy). Address and device counters of the free tier hold hashed
 * addresses only while their window runs, plus a day. Flagged content kept for review (a fan
 * message moderation held back, a replaced reply's flagged text) is erased
 * MODERATION_REVIEW_RETENTION_DAYS after it was flagged (docs/safety.md); its verdict stays.
 */
const ChatTerms = {
  deletedAccountContentMs: 30 * DAY_MS,
  expiredFreeTierCounterMs: 1 * DAY_MS,
  /** A remembered fact neither used to learn nor edited for a year goes (issue 24 item 2). */
  staleFanMemoryMs: 365 * DAY_MS,
} as const;

/**
 * Chat-inference's retention plan, run by the kit's RetentionJob: a deleted account's chats go
 * when its term ends; expired free-tier counters go a day after their window.
 */
@Injectable()
export class ChatRetention implements RetentionPlan {
  readonly accountDeletion = {
    // What a persona remembers about the fan goes at once, not after the content term.
    atOnce: async ({ userId }: AccountDeletedPayload): Promise<void> => {
      await this.records.eraseFanMemory(userId);
    },
    afterTerm: {
      termMs: ChatTerms.deletedAccountContentMs,
      counts: ['conversations', 'messages', 'reports'],
      erase: (userId: string, context: ErasureContext) => this.eraseUser(userId, context),
    },
  };

  readonly steps = [
    {
      name: 'freeTierCounters',
      run: (now: Date): Promise<number> =>
        this.records.removeFreeTierCountersResetBy(
          new Date(now.getTime() - ChatTerms.expiredFreeTierCounterMs),
        ),
    },
    {
      name: 'fanMemories',
      run: (now: Date): Promise<number> =>
        this.records.removeFanMemoriesUnchangedSince(new Date(now.getTime() - ChatTerms.staleFanMemoryMs)),
    },
    {
      name: 'flaggedContent',
      run: (now: Date): Promise<number> =>
        this.records.eraseContentFlaggedBy(
          new Date(now.getTime() - this.config.MODERATION_REVIEW_RETENTION_DAYS * DAY_MS),
        ),
    },
  ];

  constructor(
    private readonly records: ChatRetentionRepository,
    private readonly config: ChatInferenceConfig,
  ) {}

  private async eraseUser(userId: string, { transaction, count }: ErasureContext): Promise<'erased'> {
    const erased = await this.records.eraseUser(transaction, userId);
    count('reports', erased.reports);
    count('messages', erased.messages);
    count('conversations', erased.conversations);
    return 'erased';
  }
}
