import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A creator's weekly digest setting (docs/creators.md, "Weekly digest"); no row: on. */
@Entity({ name: 'digest_settings' })
export class DigestSettingEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'boolean', default: true })
  weeklyDigest!: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** One creator's digest of one week, once identity took it: a week is never composed twice. */
@Entity({ name: 'digest_sends' })
export class DigestSendEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  /** The reported week's Monday 00:00 UTC. */
  @PrimaryColumn({ type: 'timestamptz' })
  weekStart!: Date;

  /** Whether identity sent it (false: it had already sent this key, or the creator has no address). */
  @Column({ type: 'boolean' })
  sent!: boolean;

  @Column({ type: 'timestamptz' })
  recordedAt!: Date;
}

/** The secret that signs unsubscribe links: made once, on first use, shared by every replica. */
@Entity({ name: 'digest_keys' })
export class DigestKeyEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  secret!: string;
}
