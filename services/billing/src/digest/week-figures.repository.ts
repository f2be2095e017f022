import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BillingWeekFigures } from '@backtalk/proto';
import type { DataSource } from 'typeorm';

/** A subscription counts once it has a paid period (as on /creator/payments: docs/billing.md). */
const PAID = `"endDate" > "startDate"`;

@Injectable()
export class WeekFiguresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One creator's subscription figures of [from, to): subscriptions started and cancelled in it,
   * fans with paid access at its end, and usd payments received in it (gross and the creator's share).
   */
  async figures(creatorId: string, from: Date, to: Date): Promise<BillingWeekFigures> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM billing.creator_subscriptions
           WHERE "creatorId" = $1 AND ${PAID} AND "startDate" >= $2 AND "startDate" < $3)::int AS "newSubscribers",
         (SELECT count(*) FROM billing.creator_subscriptions
           WHERE "creatorId" = $1 AND "canceledAt" >= $2 AND "canceledAt" < $3)::int AS cancellations,
         (SELECT count(*) FROM billing.creator_subscriptions
           WHERE "creatorId" = $1 AND ${PAID} AND "startDate" < $3 AND "endDate" >= $3)::int AS subscribers,
         (SELECT coalesce(sum("amountPaid"), 0) FROM billing.subscription_payments
           WHERE "creatorId" = $1 AND currency = 'usd' AND "paidAt" >= $2 AND "paidAt" < $3)::int AS "grossRevenue",
         (SELECT coalesce(sum("amountPaid" - "applicationFee"), 0) FROM billing.subscription_payments
           WHERE "creatorId" = $1 AND currency = 'usd' AND "paidAt" >= $2 AND "paidAt" < $3)::int AS "creatorRevenue"`,
      [creatorId, from, to],
    )) as Omit<BillingWeekFigures, 'currency'>[];
    return { currency: 'usd', ...row! };
  }
}
