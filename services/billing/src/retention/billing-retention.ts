import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AccountErasures,
  Clock,
  DAY_MS,
  DurableHandler,
  type DurableHandlerOf,
  HourlyRun,
  ServiceClient,
} from '@backtalk/kit';
import { DurableSubjects, ErrorCode, Subjects } from '@backtalk/proto';
import { DataSource } from 'typeorm';
import { StripeClient } from '../stripe/stripe.client';

/**
 * Billing's retention terms (docs/retention.md). A deleted account's Stripe customer id,
 * and a deleted creator's Stripe account and price, go 30 days after the deletion, with
 * the rest of the account. The fan's subscription records are payment records: kept, but
 * pseudonymised then (the user id replaced by a random one), and deleted with everyone's
 * SUBSCRIPTION_RECORD_YEARS after their end — the bookkeeping period (7 years covers US
 * and EU rules); Stripe keeps the invoices themselves. Dead-lettered durable messages
 * (Stripe events can carry names and emails) go after 90 days.
 */
const BillingTerms = {
  deletedAccountMs: 30 * DAY_MS,
  subscriptionRecordMs: 7 * 365 * DAY_MS,
  deadLetterMs: 90 * DAY_MS,
} as const;

export interface BillingRetentionRun {
  accountsErased: number;
  subscriptionsPseudonymised: number;
  subscriptionRecordsRemoved: number;
  deadLettersRemoved: number;
}

/**
 * Takes identity's `billing.account.deleted` durably and erases what billing keeps of the
 * user when the term ends. A creator's Stripe account and price are keyed by creator id:
 * the handler looks it up while creators still has it (a failure is redelivered) and
 * schedules an erasure under that id too. At start and hourly, idempotent, one log line a run.
 */
@Injectable()
export class BillingRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BillingRetention.name);
  private readonly erasures: AccountErasures;
  private readonly hourly = new HourlyRun(
    () => this.run(),
    (error) => this.logger.warn(`Retention run failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly client: ServiceClient,
    private readonly clock: Clock,
    private readonly stripe: StripeClient,
  ) {
    this.erasures = new AccountErasures(dataSource);
  }

  @DurableHandler(DurableSubjects.BillingAccountDeleted)
  async accountDeleted(
    ...[deleted]: Parameters<DurableHandlerOf<typeof DurableSubjects.BillingAccountDeleted>>
  ): Promise<void> {
    await this.erasures.schedule(deleted, BillingTerms.deletedAccountMs);
    // No more charges: the fan's own subscriptions end now, not at the erasure 30 days later.
    await this.cancelLiveSubscriptions('userId', deleted.userId);
    if (!deleted.wasCreator) return;
    const creator = await this.client
      .request(Subjects.CreatorsCreatorFindByUser, { userId: deleted.userId })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === ErrorCode.CreatorNotFound) return null;
        throw error;
      });
    if (!creator) return;
    await this.erasures.schedule({ ...deleted, userId: creator.id }, BillingTerms.deletedAccountMs);
    // Fans stop paying a creator who is gone.
    await this.cancelLiveSubscriptions('creatorId', creator.id);
  }

  /**
   * Cancels at Stripe every subscription of a fan (or to a creator) that Stripe may still charge,
   * and records it as cancelled; Stripe's `customer.subscription.deleted` confirms it later. A
   * failure throws, so the durable message is delivered again (a cancelled one is skipped).
   */
  private async cancelLiveSubscriptions(by: 'userId' | 'creatorId', id: string): Promise<void> {
    const live = (await this.dataSource.query(
      `SELECT "userId", "creatorId", "stripeSubscriptionId" FROM creator_subscriptions
       WHERE "${by}" = $1 AND "stripeSubscriptionId" IS NOT NULL
         AND coalesce("stripeStatus", 'active') NOT IN ('canceled', 'incomplete_expired')`,
      [id],
    )) as { userId: string; creatorId: string; stripeSubscriptionId: string }[];
    if (live.length === 0) return;
    if (!this.stripe.configured) {
      this.logger.warn(
        `${live.length} subscription(s) of a deleted account could not be cancelled: Stripe is not configured`,
      );
      return;
    }
    for (const subscription of live) {
      await this.stripe.cancelSubscription(subscription.stripeSubscriptionId);
      await this.dataSource.query(
        `UPDATE creator_subscriptions SET "stripeStatus" = 'canceled', "canceledAt" = coalesce("canceledAt", $3)
         WHERE "userId" = $1 AND "creatorId" = $2`,
        [subscription.userId, subscription.creatorId, this.clock.now()],
      );
    }
    this.logger.log(`Cancelled ${live.length} subscription(s) at Stripe for a deleted account`);
  }

  async run(): Promise<BillingRetentionRun> {
    const now = this.clock.now();
    const result: BillingRetentionRun = {
      accountsErased: 0,
      subscriptionsPseudonymised: 0,
      subscriptionRecordsRemoved: 0,
      deadLettersRemoved: 0,
    };
    for (const { userId: id } of await this.erasures.due(now)) {
      // `id` is a user's (customer, subscriptions as a fan) or a creator's (account, price).
      const settled = await this.erasures.settle(id, async (manager) => {
        await manager.query(`DELETE FROM stripe_customers WHERE "userId" = $1`, [id]);
        await manager.query(`DELETE FROM stripe_accounts WHERE "creatorId" = $1`, [id]);
        await manager.query(`DELETE FROM creator_prices WHERE "creatorId" = $1`, [id]);
        await manager.query(
          `UPDATE creator_subscriptions SET owner = gen_random_uuid() WHERE "userId" = $1`,
          [id],
        );
        const [, pseudonymised] = (await manager.query(
          `UPDATE creator_subscriptions SET "userId" = owner WHERE "userId" = $1`,
          [id],
        )) as [unknown, number];
        result.subscriptionsPseudonymised += pseudonymised;
      });
      if (settled) result.accountsErased += 1;
    }
    const [, records] = (await this.dataSource.query(
      `DELETE FROM creator_subscriptions WHERE "endDate" <= $1`,
      [new Date(now.getTime() - BillingTerms.subscriptionRecordMs)],
    )) as [unknown, number];
    result.subscriptionRecordsRemoved = records;
    const [, dead] = (await this.dataSource.query(
      `DELETE FROM durable_messages WHERE state = 'dead' AND "settledAt" <= $1`,
      [new Date(now.getTime() - BillingTerms.deadLetterMs)],
    )) as [unknown, number];
    result.deadLettersRemoved = dead;
    this.logger.log(
      `Retention run at ${now.toISOString()}: ${result.accountsErased} deleted account(s) erased (${result.subscriptionsPseudonymised} subscription(s) pseudonymised), ${result.subscriptionRecordsRemoved} subscription record(s) past the bookkeeping period and ${result.deadLettersRemoved} dead letter(s) removed`,
    );
    return result;
  }

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }
}
