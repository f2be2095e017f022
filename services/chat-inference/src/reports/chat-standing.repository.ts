import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PersonaPauseChanged } from '@backtalk/proto';
import { DataSource } from 'typeorm';

export interface FanStanding {
  cooledDownUntil: Date | null;
  suspended: boolean;
}

/** A fan's cool-downs, suspension and blocked messages, and the read copy of paused personas. */
@Injectable()
export class ChatStandingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async standings(fanIds: string[]): Promise<Map<string, FanStanding>> {
    if (fanIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT "fanId", "cooledDownUntil", "suspendedAt" IS NOT NULL AS suspended
         FROM fan_chat_standings WHERE "fanId" = ANY($1::uuid[])`,
      [fanIds],
    )) as ({ fanId: string } & FanStanding)[];
    return new Map(
      rows.map((row) => [row.fanId, { cooledDownUntil: row.cooledDownUntil, suspended: row.suspended }]),
    );
  }

  /** Ends the fan's suspension and cool-down (an admin's reversal); their counted blocks start afresh. */
  async lift(fanId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE fan_chat_standings SET "suspendedAt" = NULL, "cooledDownUntil" = NULL, "updatedAt" = now()
         WHERE "fanId" = $1`,
        [fanId],
      );
      await manager.query(`DELETE FROM fan_blocked_messages WHERE "fanId" = $1`, [fanId]);
    });
  }

  /** Cools the fan down until `until`, never shortening a longer cool-down; clears their counted blocks. */
  async coolDown(fanId: string, until: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO fan_chat_standings ("fanId", "cooledDownUntil") VALUES ($1, $2)
         ON CONFLICT ("fanId") DO UPDATE SET
           "cooledDownUntil" = greatest(fan_chat_standings."cooledDownUntil", EXCLUDED."cooledDownUntil"),
           "updatedAt" = now()`,
        [fanId, until],
      );
      await manager.query(`DELETE FROM fan_blocked_messages WHERE "fanId" = $1`, [fanId]);
    });
  }

  async suspend(fanId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO fan_chat_standings ("fanId", "suspendedAt") VALUES ($1, now())
       ON CONFLICT ("fanId") DO UPDATE SET
         "suspendedAt" = coalesce(fan_chat_standings."suspendedAt", now()), "updatedAt" = now()`,
      [fanId],
    );
  }

  /** Counts one blocked message; answers the fan's blocked messages since `since` (this one included). */
  async recordBlock(fanId: string, since: Date): Promise<number> {
    const [row] = (await this.dataSource.query(
      `WITH added AS (INSERT INTO fan_blocked_messages ("fanId") VALUES ($1) RETURNING 1)
       SELECT (SELECT count(*) FROM fan_blocked_messages WHERE "fanId" = $1 AND "blockedAt" > $2)::int
              + (SELECT count(*) FROM added)::int AS blocked`,
      [fanId, since],
    )) as { blocked: number }[];
    return row?.blocked ?? 0;
  }

  /** Applies creators' change unless a newer one is already held (redelivery and reordering are harmless). */
  async applyPauseChange(change: PersonaPauseChanged): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO persona_pauses ("creatorId", "pausedAt", "changedAt") VALUES ($1, $2, $3)
       ON CONFLICT ("creatorId") DO UPDATE SET "pausedAt" = EXCLUDED."pausedAt", "changedAt" = EXCLUDED."changedAt"
        WHERE persona_pauses."changedAt" <= EXCLUDED."changedAt"`,
      [change.creatorId, change.pausedAt, change.changedAt],
    );
  }

  async personaPaused(creatorId: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `SELECT "pausedAt" IS NOT NULL AS paused FROM persona_pauses WHERE "creatorId" = $1`,
      [creatorId],
    )) as { paused: boolean }[];
    return row?.paused ?? false;
  }
}
