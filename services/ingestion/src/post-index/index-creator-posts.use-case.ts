import { Injectable, Logger } from '@nestjs/common';
import {
  embeddingModelKey,
  type IndexablePost,
  type PostDocument,
  personaDocuments,
  postEmbeddingText,
  PostRetriever,
  syncPostIndex,
} from '@backtalk/ai';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { ErrorCode, type PostListReply, Subjects } from '@backtalk/proto';
import { createHash } from 'node:crypto';
import { IngestionConfig } from '../ingestion.config';
import { CreatorKnowledge } from '../knowledge/creator-knowledge';
import { PostEmbeddingRepository } from '../post-embedding/post-embedding.repository';

export interface IndexCreatorPostsResult {
  posts: number;
  /** Posts sent to the embedding model this time (the rest reused stored vectors). */
  embedded: number;
  /** Posts indexed without a vector (no model call, or the model unavailable), when the index is hybrid. */
  withoutVector: number;
  /** Creators no longer has the creator: its posts left the index. */
  gone: boolean;
}

/**
 * Brings one creator's posts in the index up to date with the creators service
 * (their posts but the excluded ones, with their corrected answers and notes):
 * posts are upserted (their embeddings reused from PostgreSQL when the text is
 * unchanged, computed and stored otherwise) and then only posts that are gone
 * are removed. Nothing is cleared first, so running it twice, or on two
 * replicas at once, leaves the same index and never an empty one. A creator
 * that creators answers it does not have (CREATOR_NOT_FOUND) is gone: its posts
 * leave the index and its stored embeddings are dropped.
 */
@Injectable()
export class IndexCreatorPosts {
  private readonly logger = new Logger(IndexCreatorPosts.name);
  private readonly model: string;

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    private readonly embeddings: PostEmbeddingRepository,
    private readonly knowledge: CreatorKnowledge,
    config: IngestionConfig,
  ) {
    this.model = embeddingModelKey(config);
  }

  /**
   * `embed: false` calls no model: posts keep their stored vectors and the rest
   * are indexed lexically (the fill at start, which searches wait for; the
   * vectors follow in the background).
   */
  async execute(
    creatorId: string,
    { embed = true }: { embed?: boolean } = {},
  ): Promise<IndexCreatorPostsResult> {
    const started = Date.now();
    const posts = await this.postsOf(creatorId);
    // What the persona may know besides its posts, and the posts it may not use (docs/creators.md, "Knowledge").
    const knowledge = posts && (await this.knowledge.load(creatorId));
    if (!posts || !knowledge) {
      await this.retriever.postIndex.removeCreator(creatorId);
      await this.embeddings.removeOtherPosts(creatorId, []);
      this.logger.log(`Removed creator ${creatorId} from the post index: creators no longer has it`);
      return { posts: 0, embedded: 0, withoutVector: 0, gone: true };
    }
    await this.knowledge.store(knowledge);
    const docs: PostDocument[] = personaDocuments(posts, knowledge);
    await this.knowledge.report(knowledge, 0, docs.length);
    const hashes = new Map(docs.map((doc) => [doc.postId, contentHash(doc)]));

    let withStored: IndexablePost[] = docs;
    if (this.retriever.hybrid) {
      const stored = new Map(
        (await this.embeddings.listByCreator(creatorId, this.model)).map((row) => [row.postId, row]),
      );
      withStored = docs.map((doc) => {
        const row = stored.get(doc.postId);
        return row && row.contentHash === hashes.get(doc.postId) ? { ...doc, embedding: row.vector } : doc;
      });
    }
    const missing = new Set(withStored.filter((post) => !post.embedding?.length).map((post) => post.postId));
    const indexed = embed
      ? await this.retriever.syncCreator(creatorId, withStored)
      : (await syncPostIndex(this.retriever.postIndex, creatorId, withStored), withStored);

    // Without the model (unavailable), posts are indexed lexically and embedded at a later run.
    const fresh = indexed.filter((post) => missing.has(post.postId) && post.embedding?.length);
    if (this.retriever.hybrid) {
      await this.embeddings.upsertMany(
        fresh.map((post) => ({
          postId: post.postId,
          model: this.model,
          creatorId,
          dimensions: post.embedding!.length,
          vector: [...post.embedding!],
          contentHash: hashes.get(post.postId)!,
        })),
      );
    }
    await this.embeddings.removeOtherPosts(
      creatorId,
      docs.map((doc) => doc.postId),
    );
    const embedded = fresh.length;
    await this.knowledge.report(knowledge, docs.length, docs.length);
    this.logger.log(
      `Indexed ${docs.length} posts of creator ${creatorId} (${embedded} embedded) in ${Date.now() - started} ms`,
    );
    const withoutVector = this.retriever.hybrid ? missing.size - embedded : 0;
    return { posts: docs.length, embedded, withoutVector, gone: false };
  }

  /** The creator's posts, or undefined when creators answers that the creator does not exist. */
  private async postsOf(creatorId: string): Promise<PostListReply['posts'] | undefined> {
    try {
      return (await this.client.request(Subjects.CreatorsPostList, { creatorId, withTranscripts: true }))
        .posts;
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.CreatorNotFound) return undefined;
      throw error;
    }
  }
}

function contentHash(doc: PostDocument): string {
  return createHash('sha256').update(postEmbeddingText(doc)).digest('hex');
}
