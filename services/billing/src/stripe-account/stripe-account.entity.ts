import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A creator's Stripe Connect Express account and its onboarding state (the price fans pay
 * is in creator_prices). Billing is their only owner; others ask billing.creator-payment.get.
 */
@Entity({ name: 'stripe_accounts' })
export class StripeAccountEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'text' })
  stripeAccountId!: string;

  @Column({ type: 'boolean', default: false })
  onboardingComplete!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
