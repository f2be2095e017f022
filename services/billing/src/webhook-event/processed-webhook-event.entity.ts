import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Stripe event ids already handled, so a redelivered webhook changes nothing. */
@Entity({ name: 'processed_webhook_events' })
export class ProcessedWebhookEventEntity {
  @PrimaryColumn('text')
  eventId!: string;

  @Column({ type: 'text' })
  type!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  processedAt!: Date;
}
