import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Spec §3 Post (read side; ingestion writes through creators). */
@Entity({ name: 'posts' })
@Index('posts_creator_id_aweme_id_key', ['creatorId', 'awemeId'], { unique: true })
@Index('posts_creator_id_created_idx', ['creatorId', 'tikTokCreatedAt'])
export class PostEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text' })
  videoUrl!: string;

  @Column({ type: 'text' })
  captionUrl!: string;

  @Column({ type: 'text' })
  caption!: string;

  @Column({ type: 'text' })
  desc!: string;

  /** The spoken words (from the caption track), what the persona is grounded on. */
  @Column({ type: 'text', default: '' })
  transcript!: string;

  @Column({ type: 'timestamptz' })
  tikTokCreatedAt!: Date;

  @Column({ type: 'text' })
  awemeId!: string;

  @Column({ type: 'text', nullable: true })
  s3Path!: string | null;

  @Column({ type: 'text', nullable: true })
  coverS3Path!: string | null;

  @Column({ type: 'text', nullable: true })
  s3CoverPublicUrl!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
