import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A paid subscription invoice (`invoice.paid`): what the fan paid and the platform's application
 * fee, so a creator's revenue by week comes from billing's own records (docs/billing.md,
 * "Earnings and funnel"). One row per Stripe invoice.
 */
@Entity({ name: 'subscription_payments' })
@Index('subscription_payments_creator_paid_idx', ['creatorId', 'paidAt'])
export class SubscriptionPaymentEntity {
  @PrimaryColumn('text')
  invoiceId!: string;

  /** The fan who paid; they own the record. */
  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text' })
  stripeSubscriptionId!: string;

  /** Cents the fan paid (Stripe's `amount_paid`). */
  @Column({ type: 'integer' })
  amountPaid!: number;

  /** Cents the platform kept (the invoice's `application_fee_amount`); the creator received the rest. */
  @Column({ type: 'integer' })
  applicationFee!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'timestamptz' })
  paidAt!: Date;
}
