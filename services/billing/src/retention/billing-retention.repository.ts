import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { DataSource, type EntityManager } from 'typeorm';

/** A subscription Stripe may still charge: who to, and its Stripe id. */
interface LiveSubscription {
  userId: string;
  creatorId: string;
  stripeSubscriptionId: string;
}

/** What erasing one account changed (docs/retention.md). */
interface AccountErased {
  subscriptionsPseudonymised: number;
  paymentsPseudonymised: number;
}

/** Billing's retention statements: what its plan (billing-retention.ts) removes, pseudonymises or cancels. */
@Injectable()
export class BillingRetentionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Subscription records that ended by `cutoff`. */
  removeSubscriptionsEndedBy(cutoff: Date): Promise<number> {
    return this.deleteWhere(`DELETE FROM creator_subscriptions WHERE "endDate" <= $1`, cutoff);
  }

  /** Paid invoices paid by `cutoff`. */
  removePaymentsPaidBy(cutoff: Date): Promise<number> {
    return this.deleteWhere(`DELETE FROM subscription_payments WHERE "paidAt" <= $1`, cutoff);
  }

  /** Processed Stripe event ids recorded by `cutoff`. */
  removeWebhookEventsProcessedBy(cutoff: Date): Promise<number> {
    return this.deleteWhere(`DELETE FROM processed_webhook_events WHERE "processedAt" <= $1`, cutoff);
  }

  /** Versions of Stripe objects no subscription or account refers to, last seen by `cutoff`. */
  removeUnreferencedObjectVersions(cutoff: Date): Promise<number> {
    return this.deleteWhere(
      `DELETE FROM stripe_object_versions version WHERE version."eventCreated" <= $1
         AND NOT EXISTS (SELECT 1 FROM creator_subscriptions s WHERE s."stripeSubscriptionId" = version."objectId")
         AND NOT EXISTS (SELECT 1 FROM stripe_accounts a WHERE a."stripeAccountId" = version."objectId")`,
      cutoff,
    );
  }

  /** The subscriptions of a fan (`userId`) or to a creator (`creatorId`) that Stripe may still charge. */
  liveSubscriptions(by: 'userId' | 'creatorId', id: string): Promise<LiveSubscription[]> {
    return this.dataSource.query(
      `SELECT "userId", "creatorId", "stripeSubscriptionId" FROM creator_subscriptions
       WHERE "${by}" = $1 AND "stripeSubscriptionId" IS NOT NULL
         AND coalesce("stripeStatus", 'active') NOT IN ('canceled', 'incomplete_expired')`,
      [id],
    );
  }

  /** Records a subscription cancelled at Stripe (the first cancellation time is kept). */
  async markCancelled(subscription: LiveSubscription, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE creator_subscriptions SET "stripeStatus" = 'canceled', "canceledAt" = coalesce("canceledAt", $3)
       WHERE "userId" = $1 AND "creatorId" = $2`,
      [subscription.userId, subscription.creatorId, at],
    );
  }

  /**
   * In the erasure's transaction: `id` is a user's (Stripe customer, subscriptions and invoices as
   * a fan, pseudonymised; its price-change moves deleted) or a creator's (Stripe account, price
   * and price changes, deleted).
   */
  async eraseAccount(transaction: Transaction, id: string): Promise<AccountErased> {
    const manager = managerOf(transaction);
    await manager.query(`DELETE FROM stripe_customers WHERE "userId" = $1`, [id]);
    await manager.query(`DELETE FROM stripe_accounts WHERE "creatorId" = $1`, [id]);
    await manager.query(`DELETE FROM creator_prices WHERE "creatorId" = $1`, [id]);
    // Price changes with notice (docs/billing.md): a creator's announcements and every move to or
    // from the account go with it; the subscriptions they were for are cancelled by the erasure.
    await manager.query(`DELETE FROM price_change_moves WHERE "userId" = $1 OR "creatorId" = $1`, [id]);
    await manager.query(`DELETE FROM price_changes WHERE "creatorId" = $1`, [id]);
    await manager.query(`UPDATE creator_subscriptions SET owner = gen_random_uuid() WHERE "userId" = $1`, [
      id,
    ]);
    const paymentsPseudonymised = await pseudonymisePayments(manager, id);
    const [, subscriptionsPseudonymised] = (await manager.query(
      `UPDATE creator_subscriptions SET "userId" = owner WHERE "userId" = $1`,
      [id],
    )) as [unknown, number];
    return { subscriptionsPseudonymised, paymentsPseudonymised };
  }

  private async deleteWhere(sql: string, cutoff: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(sql, [cutoff])) as [unknown, number];
    return removed;
  }
}

/**
 * The fan's paid invoices take the random id their subscription (the fan's to the same creator)
 * was just given as its new owner, so the invoices stay together with their subscription but no
 * longer lead to the person. Invoices whose subscription record is gone get one random id per
 * creator.
 */
async function pseudonymisePayments(manager: EntityManager, fan: string): Promise<number> {
  const [, withSubscription] = (await manager.query(
    `UPDATE subscription_payments payment SET owner = subscription.owner FROM creator_subscriptions subscription
     WHERE payment.owner = $1 AND subscription."userId" = $1 AND subscription."creatorId" = payment."creatorId"`,
    [fan],
  )) as [unknown, number];
  const [, without] = (await manager.query(
    `UPDATE subscription_payments payment SET owner = random.id
     FROM (SELECT "creatorId", gen_random_uuid() AS id FROM subscription_payments WHERE owner = $1 GROUP BY "creatorId") random
     WHERE payment.owner = $1 AND payment."creatorId" = random."creatorId"`,
    [fan],
  )) as [unknown, number];
  return withSubscription + without;
}
