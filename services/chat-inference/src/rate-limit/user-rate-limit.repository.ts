import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RateLimitState } from './fixed-window';

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

  /** Gives a message back (the send failed before the model produced anything). */
  async refund(userId: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE "user_rate_limits" SET "queryCount" = GREATEST("queryCount" - 1, 0) WHERE "userId" = $1',
      [userId],
    );
  }
}
