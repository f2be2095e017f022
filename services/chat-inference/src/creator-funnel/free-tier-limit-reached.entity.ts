import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A fan met the free-tier limit in a creator's chat (a send refused, or the chat's status check
 * answering that no message is left): one row per fan and creator, the first time it happened.
 * The creator's funnel counts these (docs/billing.md, "Earnings and funnel").
 */
@Entity({ name: 'free_tier_limits_reached' })
@Index('free_tier_limits_reached_creator_idx', ['creatorId'])
export class FreeTierLimitReachedEntity {
  /** The fan (guest or account); a guest's row moves to the account it becomes. */
  @PrimaryColumn('uuid')
  owner!: string;

  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  firstReachedAt!: Date;
}
