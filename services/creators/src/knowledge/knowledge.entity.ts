import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { PostEntity } from '../post/post.entity';

/**
 * A question the creator answered themselves (docs/creators.md, "Knowledge"): the persona's
 * first source, quoted word for word. Part of the persona's definition: it goes with the creator.
 */
@Entity({ name: 'creator_corrected_answers' })
@Index('creator_corrected_answers_creator_id_idx', ['creatorId', 'updatedAt'])
export class CorrectedAnswerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @ManyToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  @Column({ type: 'text' })
  question!: string;

  @Column({ type: 'text' })
  answer!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** Text the creator writes for the persona: an FAQ, facts about them, links. */
@Entity({ name: 'creator_knowledge_notes' })
@Index('creator_knowledge_notes_creator_id_idx', ['creatorId', 'updatedAt'])
export class KnowledgeNoteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @ManyToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  text!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * A post the persona may not use. A row of its own, not a column of the post: a re-sync upserts
 * posts (same id, by creator and TikTok id) and never touches it, so the post stays excluded.
 */
@Entity({ name: 'creator_post_exclusions' })
export class PostExclusionEntity {
  @PrimaryColumn({ type: 'uuid' })
  postId!: string;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'postId' })
  post?: PostEntity;

  @Index('creator_post_exclusions_creator_id_idx')
  @Column({ type: 'uuid' })
  creatorId!: string;

  @ManyToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

/** Each knowledge change bumps `version`; ingestion records the version it indexed and its progress. */
@Entity({ name: 'creator_knowledge_index' })
export class KnowledgeIndexEntity {
  @PrimaryColumn({ type: 'uuid' })
  creatorId!: string;

  @ManyToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  @Column({ type: 'integer', default: 0 })
  version!: number;

  @Column({ type: 'integer', default: 0 })
  indexedVersion!: number;

  @Column({ type: 'integer', default: 0 })
  done!: number;

  @Column({ type: 'integer', default: 0 })
  total!: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
