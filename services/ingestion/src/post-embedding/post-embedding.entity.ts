import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The system of record for dense vectors: the vector index can be rebuilt from here. */
@Entity({ name: 'post_embeddings' })
export class PostEmbeddingEntity {
  @PrimaryColumn('uuid')
  postId!: string;

  @PrimaryColumn('text')
  model!: string;

  @Column({ type: 'text' })
  creatorId!: string;

  @Column({ type: 'integer' })
  dimensions!: number;

  @Column({ type: 'real', array: true })
  vector!: number[];

  @Column({ type: 'text' })
  contentHash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
