import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PostEntity } from './post.entity';

@Injectable()
export class PostRepository {
  constructor(@InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>) {}

  /** Newest first by tikTokCreatedAt (spec §2 /creator/posts). */
  listByCreator(creatorId: string): Promise<PostEntity[]> {
    return this.posts.find({ where: { creatorId }, order: { tikTokCreatedAt: 'DESC', awemeId: 'DESC' } });
  }

  /** Changes whenever a creator's posts do: what chat-inference keys its index on. */
  async version(creatorId: string): Promise<string> {
    const row = await this.posts
      .createQueryBuilder('post')
      .select('COUNT(*)', 'count')
      .addSelect('MAX(post.updatedAt)', 'latest')
      .where('post.creatorId = :creatorId', { creatorId })
      .getRawOne<{ count: string; latest: Date | null }>();
    return `${row?.count ?? 0}:${row?.latest ? new Date(row.latest).getTime() : 0}`;
  }

  countOf(creatorId: string): Promise<number> {
    return this.posts.countBy({ creatorId });
  }

  async upsertMany(posts: Omit<PostEntity, 'id' | 'createdAt' | 'updatedAt'>[]): Promise<void> {
    if (posts.length === 0) return;
    await this.posts.upsert(posts, {
      conflictPaths: ['creatorId', 'awemeId'],
      skipUpdateIfNoValuesChanged: true,
    });
  }
}
