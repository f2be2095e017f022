import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DAY_MS, type ErasureContext, type RetentionPlan } from '@backtalk/kit';
import { DataSource } from 'typeorm';
import { ChatInferenceConfig } from '../chat-inference.config';

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
} as const;

/**
 * Chat-inference's retention plan, run by the kit's RetentionJob: a deleted account's chats go
 * when its term ends; expired free-tier counters go a day after their window.
 */
@Injectable()
export class ChatRetention implements RetentionPlan {
  readonly accountDeletion = {
    afterTerm: {
      termMs: ChatTerms.deletedAccountContentMs,
      counts: ['conversations', 'messages', 'reports'],
      erase: (userId: string, context: ErasureContext) => this.eraseUser(userId, context),
    },
  };

  readonly steps = [
    {
      name: 'freeTierCounters',
      run: async (now: Date): Promise<number> => {
        const [, counters] = (await this.dataSource.query(
          `DELETE FROM free_tier_counters WHERE "resetTime" <= $1`,
          [new Date(now.getTime() - ChatTerms.expiredFreeTierCounterMs)],
        )) as [unknown, number];
        return counters;
      },
    },
    {
      name: 'flaggedContent',
      run: async (now: Date): Promise<number> => {
        const [, erased] = (await this.dataSource.query(
          `UPDATE messages
           SET "moderationReviewText" = NULL, "flaggedAt" = NULL,
               content = CASE WHEN role = 'user' THEN '[{"text": ""}]'::jsonb ELSE content END
           WHERE "flaggedAt" <= $1`,
          [new Date(now.getTime() - this.config.MODERATION_REVIEW_RETENTION_DAYS * DAY_MS)],
        )) as [unknown, number];
        return erased;
      },
    },
  ];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ChatInferenceConfig,
  ) {}

  private async eraseUser(userId: string, { manager, count }: ErasureContext): Promise<'erased'> {
    const [, messages] = (await manager.query(
      `DELETE FROM messages WHERE owner = $1 OR "conversationId" IN (SELECT id FROM conversations WHERE owner = $1)`,
      [userId],
    )) as [unknown, number];
    const [, conversations] = (await manager.query(`DELETE FROM conversations WHERE owner = $1`, [
      userId,
    ])) as [unknown, number];
    await manager.query(`DELETE FROM user_rate_limits WHERE "userId" = $1`, [userId]);
    // The creator funnel's record that this fan met the free-tier limit (docs/billing.md).
    await manager.query(`DELETE FROM free_tier_limits_reached WHERE owner = $1`, [userId]);
    // Reports the fan filed (their id and note), and their standing in chat (docs/safety.md, "Reports").
    const [, reports] = (await manager.query(`DELETE FROM message_reports WHERE reporter = $1`, [
      userId,
    ])) as [unknown, number];
    await manager.query(`DELETE FROM fan_chat_standings WHERE "fanId" = $1`, [userId]);
    await manager.query(`DELETE FROM fan_blocked_messages WHERE "fanId" = $1`, [userId]);
    await manager.query(
      `DELETE FROM hidden_messages h WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = h."messageId")`,
    );
    count('reports', reports);
    count('messages', messages);
    count('conversations', conversations);
    return 'erased';
  }
}
