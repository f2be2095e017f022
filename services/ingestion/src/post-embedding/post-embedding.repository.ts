import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository } from 'typeorm';
import { PostEmbeddingEntity } from './post-embedding.entity';

export type NewPostEmbedding = Omit<PostEmbeddingEntity, 'createdAt'>;

/** Stored embeddings, always read and written per creator and embedding model. */
@Injectable()
export class PostEmbeddingRepository {
  constructor(
    @InjectRepository(PostEmbeddingEntity) private readonly embeddings: Repository<PostEmbeddingEntity>,
  ) {}

  listByCreator(creatorId: string, model: string): Promise<PostEmbeddingEntity[]> {
    return this.embeddings.find({ where: { creatorId, model } });
  }

  /** Inserts or replaces (by post and model): storing the same embedding twice changes nothing. */
  async upsertMany(rows: readonly NewPostEmbedding[]): Promise<void> {
    if (rows.length === 0) return;
    await this.embeddings.upsert([...rows], { conflictPaths: ['postId', 'model'] });
  }

  /** Every creator with stored embeddings (to find creators that no longer exist). */
  async creatorIds(): Promise<string[]> {
    const rows = await this.embeddings
      .createQueryBuilder('embedding')
      .select('DISTINCT embedding.creatorId', 'creatorId')
      .getRawMany<{ creatorId: string }>();
    return rows.map((row) => row.creatorId);
  }

  /** Drops the creator's embeddings of posts that no longer exist (every model). */
  async removeOtherPosts(creatorId: string, keepPostIds: readonly string[]): Promise<void> {
    await this.embeddings.delete(
      keepPostIds.length > 0 ? { creatorId, postId: Not(In([...keepPostIds])) } : { creatorId },
    );
  }
}
