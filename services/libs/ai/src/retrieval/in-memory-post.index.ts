import MiniSearch from 'minisearch';
import { analyzeText } from './lexical.analyzer';
import {
  type IndexablePost,
  type PostDocument,
  type PostIndex,
  type PostQuery,
  type ScoredPost,
  normalizeQuery,
  toPostDocument,
} from './post-document';
import { DEFAULT_RRF_K, cosineSimilarity, reciprocalRankFusion } from './rank-fusion';
import { RetrievalError, RetrievalErrorCode, assertCreatorId, assertLimit } from './retrieval.error';

export interface InMemoryPostIndexOptions {
  /** How many candidates each ranking (lexical, dense) contributes before fusion. Default: max(4 × limit, 50). */
  candidateLimit?: number;
  /** Reciprocal-rank-fusion constant. Default 60. */
  rrfK?: number;
  /** Query terms beyond this many (after stop words, de-duplicated) are ignored. Default 64. */
  maxQueryTerms?: number;
  /** Field weights for the lexical ranking. Default caption 1.5, desc 1.5, transcript 1. */
  fieldBoost?: Partial<Record<'caption' | 'desc' | 'transcript', number>>;
}

interface StoredPost {
  doc: PostDocument;
  embedding?: readonly number[];
}

interface LexicalFields {
  id: string;
  caption: string;
  desc: string;
  transcript: string;
}

/**
 * One creator's posts with their embeddings, and a BM25 index (minisearch) of
 * them. The BM25 index is built from the posts on the creator's first search
 * and kept up to date from then on, so filling the index at start analyses no
 * text, and creators nobody asks about cost no analysis at all.
 */
class CreatorShard {
  private readonly stored = new Map<string, StoredPost>();
  private lexicalIndex?: MiniSearch<LexicalFields>;

  get posts(): ReadonlyMap<string, StoredPost> {
    return this.stored;
  }

  get lexical(): MiniSearch<LexicalFields> {
    if (!this.lexicalIndex) {
      const index = new MiniSearch<LexicalFields>({
        fields: ['caption', 'desc', 'transcript'],
        storeFields: [],
        tokenize: (text) => analyzeText(text),
        processTerm: (term) => term,
      });
      index.addAll([...this.stored.values()].map(({ doc }) => lexicalFields(doc)));
      this.lexicalIndex = index;
    }
    return this.lexicalIndex;
  }

  put(post: StoredPost): void {
    const id = post.doc.postId;
    if (this.lexicalIndex) {
      if (this.lexicalIndex.has(id)) this.lexicalIndex.replace(lexicalFields(post.doc));
      else this.lexicalIndex.add(lexicalFields(post.doc));
    }
    this.stored.set(id, post);
  }

  remove(id: string): void {
    if (this.stored.delete(id)) this.lexicalIndex?.discard(id);
  }
}

function lexicalFields(doc: PostDocument): LexicalFields {
  return {
    id: doc.postId,
    caption: doc.caption ?? '',
    desc: doc.desc ?? '',
    transcript: doc.transcript ?? '',
  };
}

/**
 * An exact, in-process index for standalone mode. It holds nothing durable:
 * ingestion fills it at start from PostgreSQL (posts + stored embeddings), and
 * the services of one process share it through `processPostIndex()`.
 * Posts are sharded by creator, so a search only ever touches one creator's posts.
 */
export class InMemoryPostIndex implements PostIndex {
  private readonly shards = new Map<string, CreatorShard>();
  /** Fills under way that searches wait for (`holdSearchesUntil`). */
  private readonly fills = new Set<Promise<void>>();
  private readonly rrfK: number;
  private readonly maxQueryTerms: number;
  private readonly boost: Record<'caption' | 'desc' | 'transcript', number>;

  constructor(private readonly options: InMemoryPostIndexOptions = {}) {
    this.rrfK = options.rrfK ?? DEFAULT_RRF_K;
    this.maxQueryTerms = options.maxQueryTerms ?? 64;
    this.boost = { caption: 1.5, desc: 1.5, transcript: 1, ...options.fieldBoost };
  }

  /**
   * Searches wait until `fill` settles: a writer filling this index after the
   * process reports ready (ingestion at start) registers the fill before then,
   * so no search sees the index empty or half filled. Writes, counts and
   * `postIds` do not wait (the writer uses them).
   */
  holdSearchesUntil(fill: Promise<unknown>): void {
    const settled = fill.then(
      () => undefined,
      () => undefined,
    );
    this.fills.add(settled);
    void settled.then(() => this.fills.delete(settled));
  }

  async upsert(docs: readonly IndexablePost[]): Promise<void> {
    for (const post of docs) {
      assertCreatorId(post.creatorId);
      if (!post.postId) throw new RetrievalError(RetrievalErrorCode.InvalidInput, 'A post id is required');
    }
    for (const post of docs) {
      let shard = this.shards.get(post.creatorId);
      if (!shard) {
        shard = new CreatorShard();
        this.shards.set(post.creatorId, shard);
      }
      const embedding = post.embedding && post.embedding.length > 0 ? [...post.embedding] : undefined;
      shard.put({ doc: toPostDocument(post), embedding });
    }
  }

  async removePosts(creatorId: string, postIds: readonly string[]): Promise<void> {
    assertCreatorId(creatorId);
    const shard = this.shards.get(creatorId);
    if (!shard) return;
    for (const id of postIds) shard.remove(id);
    if (shard.posts.size === 0) this.shards.delete(creatorId);
  }

  async removeCreator(creatorId: string): Promise<void> {
    assertCreatorId(creatorId);
    this.shards.delete(creatorId);
  }

  async count(creatorId: string): Promise<number> {
    assertCreatorId(creatorId);
    return this.shards.get(creatorId)?.posts.size ?? 0;
  }

  async postIds(creatorId: string): Promise<string[]> {
    assertCreatorId(creatorId);
    return [...(this.shards.get(creatorId)?.posts.keys() ?? [])];
  }

  async creatorIds(): Promise<string[]> {
    return [...this.shards.keys()];
  }

  async search(creatorId: string, query: string | PostQuery, limit: number): Promise<ScoredPost[]> {
    assertCreatorId(creatorId);
    assertLimit(limit);
    if (this.fills.size > 0) await Promise.all(this.fills);
    const shard = this.shards.get(creatorId);
    if (!shard || limit === 0) return [];
    const { text, embedding } = normalizeQuery(query);
    const candidates = this.options.candidateLimit ?? Math.max(limit * 4, 50);

    const rankings: StoredPost[][] = [];
    const lexical = this.lexicalRanking(shard, text, candidates);
    if (lexical.length > 0) rankings.push(lexical);
    if (embedding && embedding.length > 0) {
      const dense = this.denseRanking(shard, embedding, candidates);
      if (dense.length > 0) rankings.push(dense);
    }
    return reciprocalRankFusion(rankings, (post) => post.doc.postId, this.rrfK)
      .slice(0, limit)
      .map(({ item, score }) => ({ doc: { ...item.doc }, score }));
  }

  private lexicalRanking(shard: CreatorShard, text: string, candidates: number): StoredPost[] {
    const terms = analyzeText(text, { unique: true, maxTerms: this.maxQueryTerms });
    if (terms.length === 0) return [];
    // Terms are already analysed: hand them over as they are, one query term each.
    const results = shard.lexical.search(terms.join(' '), {
      tokenize: (joined) => joined.split(' '),
      processTerm: (term) => term,
      combineWith: 'OR',
      boost: this.boost,
      prefix: false,
      // One typo allowed in long words ("sourdoguh"); short words must match exactly.
      fuzzy: (term) => (term.length >= 7 ? 1 : false),
    });
    const ranked: StoredPost[] = [];
    for (const result of results) {
      const post = shard.posts.get(String(result.id));
      if (post) ranked.push(post);
      if (ranked.length >= candidates) break;
    }
    return ranked;
  }

  private denseRanking(shard: CreatorShard, embedding: readonly number[], candidates: number): StoredPost[] {
    const scored: Array<{ post: StoredPost; similarity: number }> = [];
    for (const post of shard.posts.values()) {
      if (!post.embedding) continue;
      if (post.embedding.length !== embedding.length) {
        throw new RetrievalError(
          RetrievalErrorCode.InvalidInput,
          `Query embedding has ${embedding.length} dimensions but post ${post.doc.postId} has ${post.embedding.length}; re-embed posts after changing the embedding model`,
        );
      }
      scored.push({ post, similarity: cosineSimilarity(embedding, post.embedding) });
    }
    scored.sort((a, b) => b.similarity - a.similarity);
    return scored.slice(0, candidates).map(({ post }) => post);
  }
}
