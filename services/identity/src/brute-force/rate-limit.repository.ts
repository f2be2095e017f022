import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterPostgres, type IRateLimiterOptions } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';

/**
 * The brute-force counters' PostgreSQL store (no REDIS_URL): rate-limiter-flexible keeps them in
 * identity.rate_limits through identity's data source, and expired rows are swept from here.
 */
@Injectable()
export class RateLimitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A limiter counting in identity.rate_limits, one table for all (its own cleanup timer off: `deleteExpired`). */
  limiter(options: Pick<IRateLimiterOptions, 'keyPrefix' | 'points' | 'duration'>): RateLimiterPostgres {
    return new RateLimiterPostgres({
      ...options,
      storeClient: this.dataSource,
      storeType: 'typeorm',
      schemaName: 'identity',
      tableName: 'rate_limits',
      tableCreated: true,
      // Its own 5-minute cleanup timer outlives the module; `deleteExpired` does the work.
      clearExpiredByTimeout: false,
    });
  }

  /** Deletes counters that expired before `before` (epoch ms). */
  async deleteExpired(before: number): Promise<void> {
    await this.dataSource.query('DELETE FROM identity.rate_limits WHERE expire < $1', [before]);
  }
}
