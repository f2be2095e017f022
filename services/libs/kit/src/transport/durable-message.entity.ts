import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The standalone mode's durable queue: messages for the durable subjects a
 * service consumes, kept in that service's own schema (it lists this entity in
 * its ServiceDatabase and has a migration for it). `pending` until handled;
 * `acked` rows are kept for the dedupe window, `dead` ones for an operator for
 * 90 days (the service's RetentionJob removes them then, docs/retention.md).
 * See docs/architecture.md, "Durable work".
 */
@Entity({ name: 'durable_messages' })
@Index(['subject', 'dedupeId'], { unique: true })
@Index(['state', 'availableAt'])
export class DurableMessageEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  dedupeId!: string;

  /** The payload as it travelled (JSON text), validated again when it is handled. */
  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'text', nullable: true })
  requestId!: string | null;

  @Column({ type: 'integer', default: 0 })
  deliveries!: number;

  @Column({ type: 'text', default: 'pending' })
  state!: 'pending' | 'acked' | 'dead';

  /** When it may be delivered (again): now, after a retry's backoff, or after a delivery's ack wait. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  availableAt!: Date;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
