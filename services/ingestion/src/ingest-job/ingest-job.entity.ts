import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type IngestJobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** One fetch of a creator's profile and posts; `idempotencyKey` makes redelivery harmless. */
@Entity({ name: 'ingest_jobs' })
export class IngestJobEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ingest_jobs_idempotency_key', { unique: true })
  @Column({ type: 'text' })
  idempotencyKey!: string;

  @Index('ingest_jobs_creator_id_idx')
  @Column({ type: 'text' })
  creatorId!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  state!: IngestJobState;

  /** `init` (the 13-step initialisation) or `resync` (new posts only). */
  @Column({ type: 'text', default: 'init' })
  kind!: 'init' | 'resync';

  @Column({ type: 'uuid', nullable: true })
  runId!: string | null;

  /** The re-sync round (all creators at once, /dev/check-all-tiktok) this run belongs to. */
  @Index('ingest_jobs_round_id_idx')
  @Column({ type: 'uuid', nullable: true })
  roundId!: string | null;

  /** The creator's handle when the run was asked for (shown with a round's progress). */
  @Column({ type: 'text', nullable: true })
  handle!: string | null;

  /** Posts a re-sync added, once it succeeded. */
  @Column({ type: 'integer', nullable: true })
  newPosts!: number | null;

  /** The essence generated at step 6, kept so a resumed run does not generate it again. */
  @Column({ type: 'text', nullable: true })
  essencePrompt!: string | null;

  /** The next of the 13 creator-init statuses (spec §4) this run has to do. */
  @Column({ type: 'integer', default: 0 })
  step!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
