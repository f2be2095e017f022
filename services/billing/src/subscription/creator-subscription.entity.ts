import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Spec §3 CreatorSubscription, keyed by fan and creator. `status` is 'active'
 * while the fan has paid access, until `endDate` (the end of the last paid
 * period); Stripe's own status of the subscription is kept beside it
 * (docs/billing.md, "Webhooks").
 */
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

  /** Stripe's status of the subscription (active, past_due, canceled, unpaid, …), from its events. */
  @Column({ type: 'text', nullable: true })
  stripeStatus!: string | null;

  /** When the fan cancelled (access still runs to endDate). */
  @Column({ type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;
}
