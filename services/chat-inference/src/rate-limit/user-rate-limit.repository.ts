import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface RateLimitState {
  queryCount: number;
  resetTime: Date;
}

/**
 * The free-tier counter. Every read and write is for one fan's own row (the
 * user id is the owner), and consuming is a single atomic statement. Writes
 * take the caller's transaction, so taking a message and storing it commit
 * or roll back together.
 */
@Injectable()
export class UserRateLimitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(userId: string, db: EntityManager = this.dataSource.manager): Promise<RateLimitState | null> {
    const rows: RateLimitState[] = await db.query(
      'SELECT "queryCount", "resetTime" FROM "user_rate_limits" WHERE "userId" = $1',
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes one message from the fan's allowance, or nothing when none is left.
   * One INSERT … ON CONFLICT … WHERE: PostgreSQL locks the row, so concurrent
   * sends can never take more than `limit` messages in a window.
   */
  async consume(
    userId: string,
    limit: number,
    windowSeconds: number,
    db: EntityManager = this.dataSource.manager,
  ): Promise<RateLimitState | null> {
    if (limit <= 0) return null;
    const rows: RateLimitState[] = await db.query(
      `INSERT INTO "user_rate_limits" AS current ("userId", "owner", "queryCount", "resetTime")
       VALUES ($1, $1, 1, now() + make_interval(secs => $3))
       ON CONFLICT ("userId") DO UPDATE SET
         "queryCount" = CASE WHEN current."resetTime" <= now() THEN 1 ELSE current."queryCount" + 1 END,
         "resetTime" = CASE WHEN current."resetTime" <= now() THEN now() + make_interval(secs => $3) ELSE current."resetTime" END
       WHERE current."resetTime" <= now() OR current."queryCount" < $2
       RETURNING "queryCount", "resetTime"`,
      [userId, limit, windowSeconds],
    );
    return rows[0] ?? null;
  }

  /** Gives a message back (the send failed before the model produced anything). */
  async refund(userId: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE "user_rate_limits" SET "queryCount" = GREATEST("queryCount" - 1, 0) WHERE "userId" = $1',
      [userId],
    );
  }
}
