import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The newest Stripe event applied to each Stripe object (subscription,
 * connected account), so an older event delivered late never overwrites what
 * a newer one set. `rank` orders events of the same second by how far along
 * the object's life they are (docs/billing.md, "Once, and in any order").
 */
@Entity({ name: 'stripe_object_versions' })
export class StripeObjectVersionEntity {
  @PrimaryColumn('text')
  objectId!: string;

  @Column({ type: 'timestamptz' })
  eventCreated!: Date;

  @Column({ type: 'integer' })
  rank!: number;
}
