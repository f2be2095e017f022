import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { DataSource } from 'typeorm';

/** What erasing one user's chats removed (docs/retention.md). */
interface UserErased {
  conversations: number;
  messages: number;
  reports: number;
}

/** Chat-inference's retention statements: what its plan (chat-retention.ts) removes or blanks. */
@Injectable()
export class ChatRetentionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Free-tier counters whose window reset by `cutoff`. */
  async removeFreeTierCountersResetBy(cutoff: Date): Promise<number> {
    const [, counters] = (await this.dataSource.query(
      `DELETE FROM free_tier_counters WHERE "resetTime" <= $1`,
      [cutoff],
    )) as [unknown, number];
    return counters;
  }

  /** What personas remember about the user, and their memory switch (issue 24 item 2). */
  async eraseFanMemory(userId: string, transaction?: Transaction): Promise<number> {
    const manager = transaction ? managerOf(transaction) : this.dataSource.manager;
    const [, memories] = (await manager.query(`DELETE FROM fan_memories WHERE owner = $1`, [userId])) as [
      unknown,
      number,
    ];
    await manager.query(`DELETE FROM fan_memory_settings WHERE owner = $1`, [userId]);
    return memories;
  }

  /** Remembered facts not learnt or edited since `cutoff`. */
  async removeFanMemoriesUnchangedSince(cutoff: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(`DELETE FROM fan_memories WHERE "updatedAt" <= $1`, [
      cutoff,
    ])) as [unknown, number];
    return removed;
  }

  /** Flagged content kept for review since `cutoff` or earlier: its text goes, its verdict stays. */
  async eraseContentFlaggedBy(cutoff: Date): Promise<number> {
    const [, erased] = (await this.dataSource.query(
      `UPDATE messages
       SET "moderationReviewText" = NULL, "flaggedAt" = NULL,
           content = CASE WHEN role = 'user' THEN '[{"text": ""}]'::jsonb ELSE content END
       WHERE "flaggedAt" <= $1`,
      [cutoff],
    )) as [unknown, number];
    return erased;
  }

  /** In the erasure's transaction: the user's chats, limits, funnel record, reports and chat standing. */
  async eraseUser(transaction: Transaction, userId: string): Promise<UserErased> {
    const manager = managerOf(transaction);
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
    // The fan's questions behind creators' insights (docs/insights.md); the topics they were in
    // lose their suggested video title (it may have been written from them) and go when left empty.
    const [asked] = (await manager.query(`DELETE FROM fan_questions WHERE "fanId" = $1 RETURNING "topicId"`, [
      userId,
    ])) as [{ topicId: string | null }[], number];
    const topicIds = [...new Set(asked.flatMap(({ topicId }) => (topicId ? [topicId] : [])))];
    await manager.query(
      `DELETE FROM question_topics t WHERE t.id = ANY($1::uuid[])
       AND NOT EXISTS (SELECT 1 FROM fan_questions q WHERE q."topicId" = t.id)`,
      [topicIds],
    );
    await manager.query(`UPDATE question_topics SET "videoTitle" = NULL WHERE id = ANY($1::uuid[])`, [
      topicIds,
    ]);
    // Replies sampled for creators' review, and the fan's opt-out (docs/creators.md, "Sampled replies").
    await manager.query(`DELETE FROM reply_samples WHERE "fanId" = $1`, [userId]);
    await manager.query(`DELETE FROM reply_sampling_opt_outs WHERE owner = $1`, [userId]);
    // Anything remembered since the deletion (a reply in flight): erased at once already.
    await this.eraseFanMemory(userId, transaction);
    await manager.query(
      `DELETE FROM hidden_messages h WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = h."messageId")`,
    );
    return { conversations, messages, reports };
  }
}
