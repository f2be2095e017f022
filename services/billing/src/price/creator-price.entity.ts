import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The monthly price a creator asks (spec §3 price_per_subscription, cents, usd) and the Stripe
 * product and price that charge it. Billing owns the price (docs/billing.md); a creator
 * without a row asks the default, 1000.
 */
@Entity({ name: 'creator_prices' })
export class CreatorPriceEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'integer', name: 'price_per_subscription' })
  pricePerSubscription!: number;

  /** 'Premium Chat Subscription' for this creator, on the platform account; made once. */
  @Column({ type: 'text', nullable: true })
  stripeProductId!: string | null;

  /** The Stripe price for `pricePerSubscription`; cleared when the amount changes, made again at the next checkout. */
  @Column({ type: 'text', nullable: true })
  stripePriceId!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
