import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 CreatorSubscription, keyed by fan and creator. */
@Entity({ name: 'creator_subscriptions' })
export class CreatorSubscriptionEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'timestamptz' })
  startDate!: Date;

  @Column({ type: 'timestamptz' })
  endDate!: Date;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text', nullable: true })
  paymentId!: string | null;

  @Column({ type: 'text', nullable: true })
  stripeSubscriptionId!: string | null;
}
