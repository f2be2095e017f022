import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { FreeTierScope } from './free-tier-counter.entity';
import type { RateLimitState } from './fixed-window';

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

  async refund(scope: FreeTierScope, key: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE "free_tier_counters" SET "queryCount" = GREATEST("queryCount" - 1, 0) WHERE "scope" = $1 AND "key" = $2',
      [scope, key],
    );
  }
}
