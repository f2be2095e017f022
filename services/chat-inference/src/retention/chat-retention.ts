import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AccountErasures,
  Clock,
  DAY_MS,
  DurableHandler,
  type DurableHandlerOf,
  HourlyRun,
} from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Chat-inference's retention terms (docs/retention.md). A deleted account's
 * conversations, messages and free-tier usage are its content: "after cancellation
 * content is deleted after 30 days" (spec §9, Terms), which also keeps "account data
 * within 60" (Privacy). Address and device counters of the free tier hold hashed
 * addresses only while their window runs, plus a day.
 */
const ChatTerms = {
  deletedAccountContentMs: 30 * DAY_MS,
  expiredFreeTierCounterMs: 1 * DAY_MS,
} as const;

export interface ChatRetentionRun {
  accountsErased: number;
  conversations: number;
  messages: number;
  freeTierCounters: number;
}

/**
 * Takes identity's `chat-inference.account.deleted` (durably: a chat-inference that was
 * down takes it when it is back) and erases the user's records when the term ends; the
 * job runs at start and hourly, idempotently, with one log line per run.
 */
@Injectable()
export class ChatRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ChatRetention.name);
  private readonly erasures: AccountErasures;
  private readonly hourly = new HourlyRun(
    () => this.run(),
    (error) => this.logger.warn(`Retention run failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    this.erasures = new AccountErasures(dataSource);
  }

  @DurableHandler(DurableSubjects.ChatInferenceAccountDeleted)
  async accountDeleted(
    ...[deleted]: Parameters<DurableHandlerOf<typeof DurableSubjects.ChatInferenceAccountDeleted>>
  ): Promise<void> {
    await this.erasures.schedule(deleted, ChatTerms.deletedAccountContentMs);
  }

  async run(): Promise<ChatRetentionRun> {
    const now = this.clock.now();
    const result: ChatRetentionRun = {
      accountsErased: 0,
      conversations: 0,
      messages: 0,
      freeTierCounters: 0,
    };
    for (const erasure of await this.erasures.due(now)) {
      const erased = await this.erasures.settle(erasure.userId, (manager) =>
        this.eraseUser(manager, erasure.userId, result),
      );
      if (erased) result.accountsErased += 1;
    }
    const [, counters] = (await this.dataSource.query(
      `DELETE FROM free_tier_counters WHERE "resetTime" <= $1`,
      [new Date(now.getTime() - ChatTerms.expiredFreeTierCounterMs)],
    )) as [unknown, number];
    result.freeTierCounters = counters;
    this.logger.log(
      `Retention run at ${now.toISOString()}: ${result.accountsErased} deleted account(s) erased (${result.conversations} conversation(s), ${result.messages} message(s)), ${result.freeTierCounters} expired free-tier counter(s) removed`,
    );
    return result;
  }

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }

  private async eraseUser(manager: EntityManager, userId: string, result: ChatRetentionRun): Promise<void> {
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
    result.messages += messages;
    result.conversations += conversations;
  }
}
