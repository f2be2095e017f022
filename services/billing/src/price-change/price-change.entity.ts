import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A creator's price change with notice (docs/billing.md, "Price changes with notice"): new fans
 * pay `toPrice` at once; the subscribers the change found are told and move at their own renewal
 * (`price_change_moves`).
 */
@Entity({ name: 'price_changes' })
@Index('price_changes_creator_idx', ['creatorId', 'noticeAt'])
export class PriceChangeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'integer' })
  fromPrice!: number;

  @Column({ type: 'integer' })
  toPrice!: number;

  @Column({ type: 'timestamptz' })
  noticeAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One existing subscriber's move to a change's price: at `effectiveAt` (their first renewal at
 * least 30 days after the notice), scheduled at Stripe as a subscription schedule's next phase.
 * `state`: 'scheduled' until a later change of the same creator supersedes it ('superseded').
 */
@Entity({ name: 'price_change_moves' })
@Index('price_change_moves_subscription_idx', ['stripeSubscriptionId'])
export class PriceChangeMoveEntity {
  @PrimaryColumn('uuid')
  changeId!: string;

  /** The fan (owner of the subscription). */
  @PrimaryColumn('uuid')
  userId!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text', nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ type: 'timestamptz' })
  effectiveAt!: Date;

  @Column({ type: 'text', default: 'scheduled' })
  state!: 'scheduled' | 'superseded';

  /** The Stripe subscription schedule that moves the price; null until scheduled (or without Stripe). */
  @Column({ type: 'text', nullable: true })
  stripeScheduleId!: string | null;

  /** When the fan's notice email was handed to identity. */
  @Column({ type: 'timestamptz', nullable: true })
  notifiedAt!: Date | null;
}
