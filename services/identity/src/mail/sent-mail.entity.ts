import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An email another service asked identity to send (identity.mail.send), by its idempotency key:
 * a key is sent once, however often it is asked for (docs/architecture.md, "Mail").
 */
@Entity({ name: 'sent_mails' })
export class SentMailEntity {
  @PrimaryColumn('text')
  idempotencyKey!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
