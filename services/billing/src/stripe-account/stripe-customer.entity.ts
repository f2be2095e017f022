import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The spec's User.stripeCustomerId, kept by billing, which owns everything Stripe. */
@Entity({ name: 'stripe_customers' })
export class StripeCustomerEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column({ type: 'text' })
  stripeCustomerId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
