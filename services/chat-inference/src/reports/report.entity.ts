import type { ReportAction, ReportReason, ReportState } from '@backtalk/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A fan's report on a persona reply (docs/safety.md, "Reports"). `reporter` and `note` are the
 * fan's personal data: an account's erasure deletes its reports.
 */
@Entity({ name: 'message_reports' })
@Index('message_reports_open_per_fan_idx', ['messageId', 'reporter'], {
  unique: true,
  where: `"state" = 'open'`,
})
@Index('message_reports_state_created_idx', ['state', 'createdAt'])
@Index('message_reports_creator_created_idx', ['creatorId', 'createdAt'])
@Index('message_reports_reporter_idx', ['reporter'])
export class ReportEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  messageId!: string;

  @Column({ type: 'uuid' })
  conversationId!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'uuid' })
  reporter!: string;

  @Column({ type: 'text' })
  reason!: ReportReason;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'text', default: 'open' })
  state!: ReportState;

  @Column({ type: 'text', nullable: true })
  action!: ReportAction | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  /** The admin who closed it. */
  @Column({ type: 'uuid', nullable: true })
  resolvedBy!: string | null;
}
