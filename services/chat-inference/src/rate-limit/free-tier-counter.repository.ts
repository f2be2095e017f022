import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { FreeTierScope } from './free-tier-counter.entity';
import type { RateLimitState } from './user-rate-limit.repository';

/** The per-address and per-device free-tier counters; the same atomic statement as the per-user one. */
@Injectable()
export class FreeTierCounterRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(
    scope: FreeTierScope,
    key: string,
    db: EntityManager = this.dataSource.manager,
  ): Promise<RateLimitState | null> {
    const rows: RateLimitState[] = await db.query(
      'SELECT "queryCount", "resetTime" FROM "free_tier_counters" WHERE "scope" = $1 AND "key" = $2',
      [scope, key],
    );
    return rows[0] ?? null;
  }

  /** Takes one message from this address's or device's allowance, or nothing when none is left. */
  async consume(
    scope: FreeTierScope,
    key: string,
    limit: number,
    windowSeconds: number,
    db: EntityManager = this.dataSource.manager,
  ): Promise<RateLimitState | null> {
    if (limit <= 0) return null;
    const rows: RateLimitState[] = await db.query(
      `INSERT INTO "free_tier_counters" AS current ("scope", "key", "queryCount", "resetTime")
       VALUES ($1, $2, 1, now() + make_interval(secs => $4))
       ON CONFLICT ("scope", "key") DO UPDATE SET
         "queryCount" = CASE WHEN current."resetTime" <= now() THEN 1 ELSE current."queryCount" + 1 END,
         "resetTime" = CASE WHEN current."resetTime" <= now() THEN now() + make_interval(secs => $4) ELSE current."resetTime" END
       WHERE current."resetTime" <= now() OR current."queryCount" < $3
       RETURNING "queryCount", "resetTime"`,
      [scope, key, limit, windowSeconds],
    );
    return rows[0] ?? null;
  }

  async refund(scope: FreeTierScope, key: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE "free_tier_counters" SET "queryCount" = GREATEST("queryCount" - 1, 0) WHERE "scope" = $1 AND "key" = $2',
      [scope, key],
    );
  }
}
