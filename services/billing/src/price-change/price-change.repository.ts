import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PriceChange } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { effectiveRenewal } from './notice-rule';
import type { PriceChangeEntity, PriceChangeMoveEntity } from './price-change.entity';

/** A subscription counts as existing once paid (end after start), not cancelled, not ended. */
const EXISTING = `s."creatorId" = $1 AND s.status = 'active' AND s."endDate" > $2 AND s."endDate" > s."startDate"
  AND s."canceledAt" IS NULL AND coalesce(s."stripeStatus", 'active') NOT IN ('canceled', 'incomplete_expired')`;

@Injectable()
export class PriceChangeRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records a change set at `noticeAt` and, for every existing subscriber, their move at the first
   * renewal at least 30 days later; an earlier change's moves still to come for the same creator are
   * superseded (the newest notice decides). One change at a time per creator (advisory lock).
   * Answers the change's id and how many subscribers it found.
   */
  record(
    creatorId: string,
    fromPrice: number,
    toPrice: number,
    noticeAt: Date,
  ): Promise<{ changeId: string; subscribers: number }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `billing:price-change:${creatorId}`,
      ]);
      const subscribers = (await manager.query(
        `SELECT s."userId", s."stripeSubscriptionId", s."endDate" FROM billing.creator_subscriptions s WHERE ${EXISTING}`,
        [creatorId, noticeAt],
      )) as { userId: string; stripeSubscriptionId: string | null; endDate: Date }[];
      const changeId = randomUUID();
      await manager.query(
        `INSERT INTO billing.price_changes (id, "creatorId", "fromPrice", "toPrice", "noticeAt") VALUES ($1, $2, $3, $4, $5)`,
        [changeId, creatorId, fromPrice, toPrice, noticeAt],
      );
      await manager.query(
        `UPDATE billing.price_change_moves SET state = 'superseded'
          WHERE "creatorId" = $1 AND state = 'scheduled' AND "effectiveAt" > $2`,
        [creatorId, noticeAt],
      );
      for (const subscriber of subscribers)
        await manager.query(
          `INSERT INTO billing.price_change_moves ("changeId", "userId", "creatorId", "stripeSubscriptionId", "effectiveAt")
           VALUES ($1, $2, $3, $4, $5)`,
          [
            changeId,
            subscriber.userId,
            creatorId,
            subscriber.stripeSubscriptionId,
            effectiveRenewal(subscriber.endDate, noticeAt),
          ],
        );
      return { changeId, subscribers: subscribers.length };
    });
  }

  async find(changeId: string): Promise<PriceChangeEntity | null> {
    const [row] = (await this.dataSource.query('SELECT * FROM billing.price_changes WHERE id = $1', [
      changeId,
    ])) as PriceChangeEntity[];
    return row ?? null;
  }

  /** The creator's latest change whose subscribers are not all told yet (a publish that failed). */
  async latestUnannounced(creatorId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT c.id FROM billing.price_changes c
        WHERE c."creatorId" = $1 AND EXISTS (
          SELECT 1 FROM billing.price_change_moves m WHERE m."changeId" = c.id AND m.state = 'scheduled'
             AND (m."notifiedAt" IS NULL OR (m."stripeSubscriptionId" IS NOT NULL AND m."stripeScheduleId" IS NULL)))
        ORDER BY c."noticeAt" DESC LIMIT 1`,
      [creatorId],
    )) as { id: string }[];
    return row?.id ?? null;
  }

  /** The change's moves still scheduled (not superseded). */
  scheduledMoves(changeId: string): Promise<PriceChangeMoveEntity[]> {
    return this.dataSource.query(
      `SELECT * FROM billing.price_change_moves WHERE "changeId" = $1 AND state = 'scheduled' ORDER BY "userId"`,
      [changeId],
    );
  }

  /** Our subscription schedule of a Stripe subscription, from an earlier change (the latest one made). */
  async scheduleOf(stripeSubscriptionId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT m."stripeScheduleId" FROM billing.price_change_moves m JOIN billing.price_changes c ON c.id = m."changeId"
        WHERE m."stripeSubscriptionId" = $1 AND m."stripeScheduleId" IS NOT NULL ORDER BY c."noticeAt" DESC LIMIT 1`,
      [stripeSubscriptionId],
    )) as { stripeScheduleId: string }[];
    return row?.stripeScheduleId ?? null;
  }

  async recordScheduled(changeId: string, userId: string, stripeScheduleId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE billing.price_change_moves SET "stripeScheduleId" = $3 WHERE "changeId" = $1 AND "userId" = $2`,
      [changeId, userId, stripeScheduleId],
    );
  }

  async recordNotified(changeId: string, userId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE billing.price_change_moves SET "notifiedAt" = coalesce("notifiedAt", $3) WHERE "changeId" = $1 AND "userId" = $2`,
      [changeId, userId, at],
    );
  }

  /**
   * The creator's changes with subscribers still to move, or set in the last 90 days, newest first:
   * how many subscribers each found, how many still pay the old price, and when they move.
   */
  async listForCreator(creatorId: string, now: Date): Promise<PriceChange[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.id, c."fromPrice", c."toPrice", c."noticeAt",
              count(m."userId")::int AS subscribers,
              count(m."userId") FILTER (WHERE m.state = 'scheduled' AND m."effectiveAt" > $2)::int AS pending,
              min(m."effectiveAt") FILTER (WHERE m.state = 'scheduled' AND m."effectiveAt" > $2) AS "firstEffectiveAt",
              max(m."effectiveAt") FILTER (WHERE m.state = 'scheduled' AND m."effectiveAt" > $2) AS "lastEffectiveAt"
         FROM billing.price_changes c LEFT JOIN billing.price_change_moves m ON m."changeId" = c.id
        WHERE c."creatorId" = $1
        GROUP BY c.id
       HAVING c."noticeAt" > $2::timestamptz - interval '90 days'
           OR count(m."userId") FILTER (WHERE m.state = 'scheduled' AND m."effectiveAt" > $2) > 0
        ORDER BY c."noticeAt" DESC LIMIT 20`,
      [creatorId, now],
    )) as {
      id: string;
      fromPrice: number;
      toPrice: number;
      noticeAt: Date;
      subscribers: number;
      pending: number;
      firstEffectiveAt: Date | null;
      lastEffectiveAt: Date | null;
    }[];
    return rows.map((row) => ({
      ...row,
      currency: 'usd' as const,
      noticeAt: row.noticeAt.toISOString(),
      firstEffectiveAt: row.firstEffectiveAt?.toISOString() ?? null,
      lastEffectiveAt: row.lastEffectiveAt?.toISOString() ?? null,
    }));
  }
}
