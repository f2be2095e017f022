import { Injectable, Logger } from '@nestjs/common';
import { personaDocuments, PostRetriever } from '@backtalk/ai';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { CreatorKnowledge } from '../knowledge/creator-knowledge';
import { PostEmbeddingRepository } from '../post-embedding/post-embedding.repository';
import { PostIndexBuilder } from './post-index.builder';

export interface ReconcilePostIndexResult {
  /** Creators creators lists. */
  creators: number;
  /** Creators whose indexed posts differed from their posts, indexed again. */
  repaired: number;
  /** Creators that no longer exist, removed from the index and the stored embeddings. */
  removed: number;
  /** Creators that could not be checked or repaired this time (the next run tries again). */
  failed: number;
}

/**
 * Repairs the post index against creators' posts, which are the truth: a creator whose
 * indexed post ids differ from the posts creators lists is indexed again, and a creator the
 * index or the stored embeddings still hold but creators no longer lists is indexed too — creators
 * answers CREATOR_NOT_FOUND for it, so its posts and embeddings go (IndexCreatorPosts), while one
 * created since the list was read is simply indexed. Catches what a dead-lettered
 * `ingestion.creator-posts.changed` or a change published nowhere left behind.
 */
@Injectable()
export class ReconcilePostIndex {
  private readonly logger = new Logger(ReconcilePostIndex.name);

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    private readonly embeddings: PostEmbeddingRepository,
    private readonly builder: PostIndexBuilder,
    private readonly knowledge: CreatorKnowledge,
  ) {}

  async execute(signal?: AbortSignal): Promise<ReconcilePostIndexResult> {
    const { creators } = await this.client.request(Subjects.CreatorsCreatorList, {});
    const listed = new Set(creators.map((creator) => creator.id));
    const result: ReconcilePostIndexResult = {
      creators: creators.length,
      repaired: 0,
      removed: 0,
      failed: 0,
    };
    for (const id of listed) {
      if (signal?.aborted) return result;
      await this.repair(id, result, () => this.differs(id));
    }
    const held = new Set([
      ...(await this.retriever.postIndex.creatorIds()),
      ...(await this.embeddings.creatorIds()),
    ]);
    for (const id of held) {
      if (signal?.aborted) return result;
      if (!listed.has(id)) await this.repair(id, result, async () => true);
    }
    return result;
  }

  private async repair(
    creatorId: string,
    result: ReconcilePostIndexResult,
    needed: () => Promise<boolean>,
  ): Promise<void> {
    try {
      if (!(await needed())) return;
      const { gone } = await this.builder.indexCreator(creatorId);
      if (gone) result.removed++;
      else result.repaired++;
    } catch (error) {
      result.failed++;
      this.logger.warn(`Could not reconcile the posts of creator ${creatorId}: ${(error as Error).message}`);
    }
  }

  /** Whether the index holds other document ids than creators lists for the creator (posts and knowledge). */
  private async differs(creatorId: string): Promise<boolean> {
    const { posts } = await this.client.request(Subjects.CreatorsPostList, { creatorId });
    const knowledge = await this.knowledge.load(creatorId);
    if (!knowledge) return true;
    const wanted = personaDocuments(posts, knowledge);
    const indexed = new Set(await this.retriever.postIndex.postIds(creatorId));
    return wanted.length !== indexed.size || wanted.some((doc) => !indexed.has(doc.postId));
  }
}
