import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A creator's Stripe Connect Express account, the Stripe price fans pay them and the
 * onboarding state. Billing is their only owner; others ask billing.creator-payment.get.
 */
@Entity({ name: 'stripe_accounts' })
export class StripeAccountEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'text' })
  stripeAccountId!: string;

  @Column({ type: 'text', nullable: true })
  stripePriceId!: string | null;

  @Column({ type: 'boolean', default: false })
  onboardingComplete!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
