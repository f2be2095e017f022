import { Column, Entity, PrimaryColumn } from 'typeorm';

export type FreeTierScope = 'address' | 'device';

/**
 * The free-tier counter of one client address or device, per rolling window:
 * new guests are free, so the per-user counter alone lets one address mint
 * allowances. The key is a SHA-256 of the address (per /64 for IPv6) or device id.
 */
@Entity({ name: 'free_tier_counters' })
export class FreeTierCounterEntity {
  @PrimaryColumn('text')
  scope!: FreeTierScope;

  @PrimaryColumn('text')
  key!: string;

  @Column({ type: 'integer', default: 0 })
  queryCount!: number;

  @Column({ type: 'timestamptz' })
  resetTime!: Date;
}
