import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Spec §3 CreatorInitStatus: one row per progress step of a run; readers keep the newest.
 * `step` indexes the 13 statuses (spec §4), `status` is that text; `runId` names the run
 * (a retry after a failure is a new run), `state` is running, failed (with `error`) or completed.
 */
@Entity({ name: 'creator_init_statuses' })
@Index('creator_init_statuses_creator_id_updated_idx', ['creatorId', 'updatedAt'])
export class CreatorInitStatusEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  creatorId!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'uuid', nullable: true })
  runId!: string | null;

  @Column({ type: 'integer', default: 0 })
  step!: number;

  @Column({ type: 'text', default: 'running' })
  state!: 'running' | 'failed' | 'completed';

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
