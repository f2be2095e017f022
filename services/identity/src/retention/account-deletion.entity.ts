import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A deleted account's tombstone: only its id, when it was deleted and whether the
 * other services were told (docs/retention.md). The account itself is gone; this row
 * lets the retention job announce the deletion again until every service took it,
 * and is purged ACCOUNT_DATA_DAYS after the deletion.
 */
@Entity({ name: 'account_deletions' })
@Index(['announcedAt'])
export class AccountDeletionEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column({ type: 'timestamptz' })
  deletedAt!: Date;

  @Column({ type: 'boolean' })
  wasCreator!: boolean;

  /** When every service's durable queue stored the announcement; null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  announcedAt!: Date | null;
}
