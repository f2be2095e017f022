import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { DEFAULT_SUBSCRIPTION_PRICE_CENTS } from '@backtalk/proto';
import { MoreThan, Repository } from 'typeorm';
import { CreatorSubscriptionEntity } from './creator-subscription.entity';
import type { SubscriptionState } from './subscription-state';
import type { SubscriptionRow } from './subscription-summary';

@Injectable()
export class CreatorSubscriptionRepository {
  constructor(
    @InjectRepository(CreatorSubscriptionEntity)
    private readonly subscriptions: Repository<CreatorSubscriptionEntity>,
  ) {}

  /** The fan's active subscription to one creator: status active and not yet ended (spec §5). */
  findActive(userId: string, creatorId: string, now = new Date()): Promise<CreatorSubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId, creatorId, status: 'active', endDate: MoreThan(now) });
  }

  /**
   * Serialises every change to one fan's subscription to one creator until the
   * transaction ends (the row may not exist yet, so a row lock cannot do it).
   */
  async lock(transaction: Transaction, userId: string, creatorId: string): Promise<void> {
    await managerOf(transaction).query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `billing:subscription:${userId}:${creatorId}`,
    ]);
  }

  find(
    transaction: Transaction,
    userId: string,
    creatorId: string,
  ): Promise<CreatorSubscriptionEntity | null> {
    return managerOf(transaction).findOneBy(CreatorSubscriptionEntity, { userId, creatorId });
  }

  /** Whose subscription a Stripe subscription is: for webhook events that carry no metadata. */
  async subscriberOf(
    transaction: Transaction,
    stripeSubscriptionId: string,
  ): Promise<{ userId: string; creatorId: string } | null> {
    const row = await managerOf(transaction).findOne(CreatorSubscriptionEntity, {
      where: { stripeSubscriptionId },
      select: { userId: true, creatorId: true },
    });
    return row ? { userId: row.userId, creatorId: row.creatorId } : null;
  }

  /** Writes the whole state of the fan's subscription to the creator; the fan owns it. */
  async save(transaction: Transaction, state: SubscriptionState): Promise<void> {
    await managerOf(transaction).upsert(CreatorSubscriptionEntity, { ...state, owner: state.userId }, [
      'userId',
      'creatorId',
    ]);
  }

  /**
   * The fan's subscriptions, the latest started first, each with its latest recorded payment and
   * the creator's current price (docs/billing.md, "My subscriptions").
   */
  async findByUser(userId: string): Promise<SubscriptionRow[]> {
    const rows: {
      creatorId: string;
      status: string;
      startDate: Date;
      endDate: Date;
      stripeStatus: string | null;
      canceledAt: Date | null;
      amountPaid: number | null;
      currency: string | null;
      price: number | null;
    }[] = await this.subscriptions.query(
      `SELECT s."creatorId", s.status, s."startDate", s."endDate", s."stripeStatus", s."canceledAt",
              p."amountPaid", p.currency, c.price_per_subscription AS price
         FROM billing.creator_subscriptions s
         LEFT JOIN billing.creator_prices c ON c."creatorId" = s."creatorId"
         LEFT JOIN LATERAL (
           SELECT "amountPaid", currency FROM billing.subscription_payments
            WHERE "stripeSubscriptionId" = s."stripeSubscriptionId" AND owner = s."userId"
            ORDER BY "paidAt" DESC LIMIT 1) p ON true
        WHERE s."userId" = $1
        ORDER BY s."startDate" DESC`,
      [userId],
    );
    return rows.map(({ amountPaid, currency, price, ...row }) => ({
      ...row,
      lastPayment: amountPaid !== null && currency !== null ? { amount: amountPaid, currency } : null,
      creatorPrice: price ?? DEFAULT_SUBSCRIPTION_PRICE_CENTS,
    }));
  }
}
