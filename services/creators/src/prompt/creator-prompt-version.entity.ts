import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every saved creator prompt (spec §6): who saved it and when, so the creator can roll back. */
@Entity({ name: 'creator_prompt_versions' })
@Index('creator_prompt_versions_creator_id_version_key', ['creatorId', 'version'], { unique: true })
export class CreatorPromptVersionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  creatorPrompt!: string;

  /** The user id of who saved it ('system' for the prompt a creator started with). */
  @Column({ type: 'text' })
  editedBy!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
