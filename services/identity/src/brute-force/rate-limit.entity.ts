import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * rate-limiter-flexible's PostgreSQL store (its own column names), used for
 * the brute-force counters when no REDIS_URL is set: shared by every replica
 * through the database. Rows expire by `expire` (epoch ms).
 */
@Entity({ name: 'rate_limits' })
export class RateLimitEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'integer', default: 0 })
  points!: number;

  @Column({ type: 'bigint', nullable: true })
  expire!: string | null;
}
