import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An email kept instead of sent when no SMTP_URL is set, or a text message when no SMS_PROVIDER
 * is (standalone's development outbox).
 */
@Entity({ name: 'outbox_messages' })
@Index('outbox_messages_created_idx', ['createdAt'])
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', default: 'email' })
  channel!: 'email' | 'sms';

  /** An email address, or an E.164 phone number for a text. */
  @Column({ type: 'text' })
  to!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
