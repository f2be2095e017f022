import type { BoundaryInput } from '@backtalk/proto';
import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';

/**
 * A creator's unpublished changes to their persona (docs/creators.md, "Drafts, preview and
 * publish"): at most one per creator. A null part is unchanged from what fans get; the row is
 * deleted once nothing differs (published or discarded). Goes with the creator record.
 */
@Entity({ name: 'persona_drafts' })
export class PersonaDraftEntity {
  @PrimaryColumn({ type: 'uuid' })
  creatorId!: string;

  @OneToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  @Column({ type: 'text', nullable: true })
  creatorPrompt!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  boundaries!: BoundaryInput[] | null;

  /** The user id of who saved it last. */
  @Column({ type: 'text' })
  updatedBy!: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
