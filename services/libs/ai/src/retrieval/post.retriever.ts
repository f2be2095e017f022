import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import {
  type IndexablePost,
  type PostDocument,
  type PostIndex,
  type ScoredPost,
  postEmbeddingText,
} from './post-document';

export interface PostRetrieverOptions {
  index: PostIndex;
  /** Dense side; null/undefined means lexical-only retrieval. */
  embeddings?: EmbeddingsInterface | null;
  /** Give up on the query embedding after this long and search lexically. Default 5 000 ms. */
  embedTimeoutMs?: number;
  /**
   * Told when the embedding provider fails and a search falls back to
   * lexical-only, or posts are indexed without vectors (they get them at the
   * creator's next indexing, or when a local model recovers).
   */
  onEmbeddingError?: (error: unknown) => void;
  /** Posts embedded per provider call when indexing. Default 32. */
  embedBatchSize?: number;
}

/**
 * Makes `index` hold exactly these posts of one creator, as they are (nothing
 * is embedded here): upserts them, then removes only the posts that are gone.
 */
export async function syncPostIndex(
  index: PostIndex,
  creatorId: string,
  posts: readonly IndexablePost[],
): Promise<void> {
  const own = posts.filter((post) => post.creatorId === creatorId);
  await index.upsert(own);
  const keep = new Set(own.map((post) => post.postId));
  const gone = (await index.postIds(creatorId)).filter((id) => !keep.has(id));
  if (gone.length > 0) await index.removePosts(creatorId, gone);
}

/**
 * Hybrid retrieval over one creator's posts: embeds the question when an
 * embedding model is configured, and lets the index fuse the lexical and dense
 * rankings. Lexical retrieval needs no model, so a failing embedding provider
 * degrades a search instead of failing the chat.
 */
export class PostRetriever {
  private readonly embeddings: EmbeddingsInterface | null;
  private readonly embedTimeoutMs: number;
  /** A question embedding that outlived its timeout (a model downloading or loading): searches do not wait on it again. */
  private slowEmbedding?: Promise<unknown>;

  constructor(private readonly options: PostRetrieverOptions) {
    this.embeddings = options.embeddings ?? null;
    this.embedTimeoutMs = options.embedTimeoutMs ?? 5_000;
  }

  get hybrid(): boolean {
    return this.embeddings !== null;
  }

  async retrieve(creatorId: string, question: string, limit: number): Promise<ScoredPost[]> {
    const embedding = await this.embedQuery(question);
    return this.options.index.search(creatorId, { text: question, embedding }, limit);
  }

  /**
   * Embeds posts that have no embedding yet (when a model is configured) and
   * upserts them. Returns the posts with their embeddings so the caller can
   * keep them as the system of record.
   */
  async index(posts: readonly IndexablePost[]): Promise<IndexablePost[]> {
    const ready = this.embeddings ? await this.embedMissing(posts, this.embeddings) : [...posts];
    await this.options.index.upsert(ready);
    return ready;
  }

  /**
   * Makes the index hold exactly these posts of one creator: upserts them, then
   * removes only the posts that are gone. Nothing is cleared first, so a reader
   * (or a second writer) never sees the creator's posts missing.
   */
  async syncCreator(creatorId: string, posts: readonly IndexablePost[]): Promise<IndexablePost[]> {
    const own = posts.filter((post) => post.creatorId === creatorId);
    const ready = this.embeddings ? await this.embedMissing(own, this.embeddings) : own;
    await syncPostIndex(this.options.index, creatorId, ready);
    return ready;
  }

  /**
   * Calls `listener` when the embedding model becomes usable after a failure
   * (a local model downloaded or loaded on a retry); returns the unsubscribe.
   * Providers that cannot tell never call it.
   */
  onEmbeddingsRecovered(listener: () => void): () => void {
    const embeddings = this.embeddings as { onRecovered?: (listener: () => void) => () => void } | null;
    return embeddings?.onRecovered?.(listener) ?? (() => undefined);
  }

  /** The index this retriever reads and writes. */
  get postIndex(): PostIndex {
    return this.options.index;
  }

  private async embedMissing(
    posts: readonly IndexablePost[],
    embeddings: EmbeddingsInterface,
  ): Promise<IndexablePost[]> {
    const result = [...posts];
    const missing = result.map((post, i) => [post, i] as const).filter(([post]) => !post.embedding?.length);
    const batch = this.options.embedBatchSize ?? 32;
    for (let start = 0; start < missing.length; start += batch) {
      const slice = missing.slice(start, start + batch);
      let vectors: number[][];
      try {
        vectors = await embeddings.embedDocuments(
          slice.map(([post]) => postEmbeddingText(post as PostDocument)),
        );
      } catch (error) {
        // Dense retrieval is an addition: the posts are indexed lexically now, embedded later.
        this.options.onEmbeddingError?.(error);
        break;
      }
      slice.forEach(([post, i], j) => (result[i] = { ...post, embedding: vectors[j] }));
    }
    return result;
  }

  /**
   * The question's embedding, or undefined when no model is configured, it fails or is slow (the
   * caller then works lexically). Retrieval and chat-inference's topic grouping (insights) use it.
   */
  async embedQuery(question: string): Promise<number[] | undefined> {
    if (!this.embeddings || question.trim() === '' || this.slowEmbedding) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const embedding = this.embeddings.embedQuery(question);
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const slow = embedding.then(
            () => undefined,
            () => undefined,
          );
          this.slowEmbedding = slow;
          void slow.then(() => {
            if (this.slowEmbedding === slow) this.slowEmbedding = undefined;
          });
          reject(
            new Error(
              `Query embedding took longer than ${this.embedTimeoutMs} ms; searching lexically until it finishes`,
            ),
          );
        }, this.embedTimeoutMs);
      });
      return await Promise.race([embedding, timeout]);
    } catch (error) {
      this.options.onEmbeddingError?.(error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
