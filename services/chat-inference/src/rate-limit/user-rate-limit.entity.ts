import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 UserRateLimit: the free-tier counter of one fan, per rolling window. */
@Entity({ name: 'user_rate_limits' })
export class UserRateLimitEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'integer', default: 0 })
  queryCount!: number;

  @Column({ type: 'timestamptz' })
  resetTime!: Date;
}
