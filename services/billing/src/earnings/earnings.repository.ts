import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EARNINGS_WEEKS, type EarningsWeek } from '@backtalk/proto';
import { managerOf, type Transaction } from '@backtalk/kit';
import type { DataSource } from 'typeorm';

export interface PaymentRecord {
  invoiceId: string;
  userId: string;
  creatorId: string;
  stripeSubscriptionId: string;
  amountPaid: number;
  applicationFee: number;
  currency: string;
  paidAt: Date;
}

/**
 * A subscription row counts as subscribed once it has a paid period (its end after its start):
 * a Checkout that was never paid leaves start = end.
 */
const PAID = `"endDate" > "startDate"`;

/** A creator's subscribers and revenue, from billing's own records. */
@Injectable()
export class EarningsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a paid invoice once (a redelivered or replayed event finds it). */
  async recordPayment(transaction: Transaction, payment: PaymentRecord): Promise<void> {
    const { userId, ...rest } = payment;
    await managerOf(transaction).query(
      `INSERT INTO subscription_payments ("invoiceId", owner, "creatorId", "stripeSubscriptionId", "amountPaid",
         "applicationFee", currency, "paidAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ("invoiceId") DO NOTHING`,
      [
        rest.invoiceId,
        userId,
        rest.creatorId,
        rest.stripeSubscriptionId,
        rest.amountPaid,
        rest.applicationFee,
        rest.currency,
        rest.paidAt,
      ],
    );
  }

  /**
   * The last EARNINGS_WEEKS weeks (Monday 00:00 UTC), oldest first: subscribers with paid access
   * at the week's end (now, for the current week), subscriptions started in the week, and usd
   * payments received in it (gross, and the creator's share after the application fee).
   */
  async weeks(creatorId: string, now = new Date()): Promise<EarningsWeek[]> {
    const rows = (await this.dataSource.query(
      `WITH weeks AS (
         SELECT week AT TIME ZONE 'UTC' AS start
           FROM generate_series(date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC') - make_interval(weeks => $3 - 1),
                                date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS week
       ), bounds AS (
         SELECT start, start + interval '1 week' AS next, LEAST(start + interval '1 week', $2::timestamptz) AS "end" FROM weeks
       )
       SELECT b.start AS "weekStart",
         (SELECT count(*) FROM creator_subscriptions s
           WHERE s."creatorId" = $1 AND ${PAID} AND s."startDate" <= b."end" AND s."endDate" > b."end")::int AS subscribers,
         (SELECT count(*) FROM creator_subscriptions s
           WHERE s."creatorId" = $1 AND ${PAID} AND s."startDate" >= b.start AND s."startDate" < b.next)::int
           AS "newSubscribers",
         (SELECT coalesce(sum(p."amountPaid"), 0) FROM subscription_payments p
           WHERE p."creatorId" = $1 AND p.currency = 'usd' AND p."paidAt" >= b.start AND p."paidAt" < b.next)::int
           AS "grossRevenue",
         (SELECT coalesce(sum(p."amountPaid" - p."applicationFee"), 0) FROM subscription_payments p
           WHERE p."creatorId" = $1 AND p.currency = 'usd' AND p."paidAt" >= b.start AND p."paidAt" < b.next)::int
           AS "creatorRevenue"
       FROM bounds b ORDER BY b.start`,
      [creatorId, now, EARNINGS_WEEKS],
    )) as (Omit<EarningsWeek, 'weekStart'> & { weekStart: Date })[];
    return rows.map((row) => ({ ...row, weekStart: row.weekStart.toISOString() }));
  }

  /** Fans who ever paid for a subscription to the creator, and of them those who cancelled. */
  async subscribedAndCancelled(creatorId: string): Promise<{ subscribed: number; cancelled: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS subscribed,
              count(*) FILTER (WHERE "canceledAt" IS NOT NULL OR "stripeStatus" = 'canceled')::int AS cancelled
         FROM creator_subscriptions WHERE "creatorId" = $1 AND ${PAID}`,
      [creatorId],
    )) as { subscribed: number; cancelled: number }[];
    return { subscribed: row?.subscribed ?? 0, cancelled: row?.cancelled ?? 0 };
  }
}
