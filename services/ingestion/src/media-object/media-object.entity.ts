import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A file ingestion stored (video, cover, caption track, the creator's avatar) and where it lives. */
@Entity({ name: 'media_objects' })
@Index('media_objects_storage_key', ['storageKey'], { unique: true })
export class MediaObjectEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  creatorId!: string;

  /** The post's awemeId; null for the avatar. */
  @Column({ type: 'text', nullable: true })
  postId!: string | null;

  @Column({ type: 'text' })
  kind!: 'video' | 'cover' | 'caption' | 'avatar';

  @Column({ type: 'text' })
  storageKey!: string;

  @Column({ type: 'text' })
  contentType!: string;

  @Column({ type: 'integer' })
  byteSize!: number;

  @Column({ type: 'text' })
  sha256!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
