import { createHash } from 'node:crypto';
import type { QdrantClient } from '@qdrant/js-client-rest' with { 'resolution-mode': 'import' };
import {
  type IndexablePost,
  knowledgeKindOf,
  type PostDocument,
  type PostIndex,
  type PostQuery,
  type ScoredPost,
  normalizeQuery,
} from './post-document';
import { DEFAULT_RRF_K } from './rank-fusion';
import { RetrievalError, RetrievalErrorCode, assertCreatorId, assertLimit } from './retrieval.error';
import { SparseVectorEncoder, type SparseVectorEncoderOptions } from './sparse-vector.encoder';

/** The client calls this index makes; a real `QdrantClient` satisfies it. */
export type QdrantPostClient = Pick<
  QdrantClient,
  | 'collectionExists'
  | 'getCollection'
  | 'createCollection'
  | 'createPayloadIndex'
  | 'upsert'
  | 'delete'
  | 'count'
  | 'query'
  | 'scroll'
  | 'facet'
>;

export interface QdrantPostIndexOptions {
  /** Qdrant URL (e.g. http://qdrant:6333); ignored when `client` is given. */
  url?: string;
  apiKey?: string;
  /** A ready client (tests, or a shared one). */
  client?: QdrantPostClient;
  /** Default `backtalk_posts`. */
  collectionName?: string;
  /** Size of the dense vectors, when an embedding model is configured. Without it the collection is lexical-only. */
  denseVectorSize?: number;
  /** How many candidates each prefetch (lexical, dense) returns before fusion. Default: max(4 × limit, 50). */
  candidateLimit?: number;
  /** RRF constant. Default 60. Needs Qdrant ≥ 1.16 (parameterised RRF). */
  rrfK?: number;
  /** Request timeout for the client built from `url`, in ms. Default 10 000. */
  timeoutMs?: number;
  sparse?: SparseVectorEncoderOptions;
  /** Points per upsert request. Default 128. */
  batchSize?: number;
}

const LEXICAL_VECTOR = 'lexical';
const DENSE_VECTOR = 'dense';
const CREATOR_FIELD = 'creatorId';
/** The most creators one `creatorIds` call lists (a facet answers in one page). */
const MAX_CREATORS_LISTED = 1_000_000;

interface PostPayload extends PostDocument {
  [key: string]: unknown;
}

/**
 * Posts in one Qdrant collection shared by all creators. The creator id is a
 * keyword payload index marked as the tenant key, and every read carries a
 * filter on it (and results are checked again), so a query can never see
 * another creator's posts. The lexical side is a sparse vector with Qdrant's
 * IDF modifier (BM25); a named dense vector is added when embeddings are
 * configured, and the two are fused with RRF inside Qdrant's query API.
 */
export class QdrantPostIndex implements PostIndex {
  readonly collectionName: string;
  private client?: QdrantPostClient;
  private readonly encoder: SparseVectorEncoder;
  private readonly rrfK: number;
  private readonly batchSize: number;
  private ready?: Promise<void>;

  constructor(private readonly options: QdrantPostIndexOptions) {
    if (!options.client && !options.url) {
      throw new RetrievalError(RetrievalErrorCode.InvalidInput, 'QdrantPostIndex needs a url or a client');
    }
    this.client = options.client;
    this.collectionName = options.collectionName ?? 'backtalk_posts';
    this.encoder = new SparseVectorEncoder(options.sparse);
    this.rrfK = options.rrfK ?? DEFAULT_RRF_K;
    this.batchSize = options.batchSize ?? 128;
  }

  /** Creates the collection and the creator index if missing, and checks an existing one has the expected layout. */
  ensureCollection(): Promise<void> {
    this.ready ??= this.createOrVerifyCollection().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async upsert(docs: readonly IndexablePost[]): Promise<void> {
    for (const post of docs) {
      assertCreatorId(post.creatorId);
      if (!post.postId) throw new RetrievalError(RetrievalErrorCode.InvalidInput, 'A post id is required');
      if (
        post.embedding &&
        this.options.denseVectorSize &&
        post.embedding.length !== this.options.denseVectorSize
      ) {
        throw new RetrievalError(
          RetrievalErrorCode.InvalidInput,
          `Post ${post.postId} has a ${post.embedding.length}-dimension embedding; the index expects ${this.options.denseVectorSize}`,
        );
      }
    }
    if (docs.length === 0) return;
    await this.ensureCollection();
    for (let start = 0; start < docs.length; start += this.batchSize) {
      const points = docs.slice(start, start + this.batchSize).map((post) => this.toPoint(post));
      await this.call('upsert posts', () => this.api().upsert(this.collectionName, { wait: true, points }));
    }
  }

  async removePosts(creatorId: string, postIds: readonly string[]): Promise<void> {
    assertCreatorId(creatorId);
    if (postIds.length === 0) return;
    await this.ensureCollection();
    // Ids are derived from creator + post, so another creator's post cannot be named here.
    const points = postIds.map((postId) => pointId(creatorId, postId));
    await this.call('remove posts', () => this.api().delete(this.collectionName, { wait: true, points }));
  }

  async removeCreator(creatorId: string): Promise<void> {
    assertCreatorId(creatorId);
    await this.ensureCollection();
    await this.call('remove creator', () =>
      this.api().delete(this.collectionName, { wait: true, filter: creatorFilter(creatorId) }),
    );
  }

  async count(creatorId: string): Promise<number> {
    assertCreatorId(creatorId);
    await this.ensureCollection();
    const result = await this.call('count posts', () =>
      this.api().count(this.collectionName, { filter: creatorFilter(creatorId), exact: true }),
    );
    return result.count;
  }

  async postIds(creatorId: string): Promise<string[]> {
    assertCreatorId(creatorId);
    await this.ensureCollection();
    const ids: string[] = [];
    let offset: string | number | undefined;
    do {
      const page = await this.call('list posts', () =>
        this.api().scroll(this.collectionName, {
          filter: creatorFilter(creatorId),
          with_payload: ['postId', CREATOR_FIELD],
          with_vector: false,
          limit: 1_000,
          offset,
        }),
      );
      for (const point of page.points) {
        const payload = point.payload ?? {};
        if (payload[CREATOR_FIELD] === creatorId && typeof payload.postId === 'string')
          ids.push(payload.postId);
      }
      const next = page.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined);
    return ids;
  }

  /** The creator ids in the collection: a facet of the creator payload index (Qdrant ≥ 1.12). */
  async creatorIds(): Promise<string[]> {
    await this.ensureCollection();
    const result = await this.call('list creators', () =>
      this.api().facet(this.collectionName, { key: CREATOR_FIELD, limit: MAX_CREATORS_LISTED }),
    );
    return result.hits.map((hit) => String(hit.value));
  }

  async search(creatorId: string, query: string | PostQuery, limit: number): Promise<ScoredPost[]> {
    assertCreatorId(creatorId);
    assertLimit(limit);
    if (limit === 0) return [];
    const { text, embedding } = normalizeQuery(query);
    const sparse = this.encoder.encodeQuery(text);
    const dense =
      embedding && embedding.length > 0 && this.options.denseVectorSize ? [...embedding] : undefined;
    if (dense && dense.length !== this.options.denseVectorSize) {
      throw new RetrievalError(
        RetrievalErrorCode.InvalidInput,
        `Query embedding has ${dense.length} dimensions; the index expects ${this.options.denseVectorSize}`,
      );
    }
    if (sparse.indices.length === 0 && !dense) return [];
    await this.ensureCollection();

    const filter = creatorFilter(creatorId);
    const candidates = this.options.candidateLimit ?? Math.max(limit * 4, 50);
    const prefetch = [
      ...(sparse.indices.length > 0
        ? [{ query: sparse, using: LEXICAL_VECTOR, filter, limit: candidates }]
        : []),
      ...(dense ? [{ query: dense, using: DENSE_VECTOR, filter, limit: candidates }] : []),
    ];
    const request =
      prefetch.length === 1
        ? { ...prefetch[0], limit, with_payload: true }
        : { prefetch, query: { rrf: { k: this.rrfK } }, filter, limit, with_payload: true };
    const response = await this.call('search posts', () => this.api().query(this.collectionName, request));
    const results: ScoredPost[] = [];
    for (const point of response.points) {
      const doc = toDocument(point.payload);
      // Defence in depth: the filter already restricts to this creator.
      if (doc && doc.creatorId === creatorId) results.push({ doc, score: point.score });
    }
    return results;
  }

  private toPoint(post: IndexablePost) {
    const payload: PostPayload = {
      postId: post.postId,
      creatorId: post.creatorId,
      caption: post.caption ?? '',
      desc: post.desc ?? '',
      transcript: post.transcript ?? '',
      tikTokCreatedAt: post.tikTokCreatedAt,
      url: post.url,
      ...(post.source ? { source: post.source } : {}),
    };
    const vector: Record<string, number[] | { indices: number[]; values: number[] }> = {
      [LEXICAL_VECTOR]: this.encoder.encodeDocument(post),
    };
    if (post.embedding && post.embedding.length > 0 && this.options.denseVectorSize)
      vector[DENSE_VECTOR] = [...post.embedding];
    return { id: pointId(post.creatorId, post.postId), vector, payload };
  }

  private async createOrVerifyCollection(): Promise<void> {
    if (!this.client) {
      // The package's typings are ESM-only; a native dynamic import loads it from this CommonJS build.
      const { QdrantClient: Client } = await import('@qdrant/js-client-rest');
      const { url, apiKey, timeoutMs } = this.options;
      this.client = new Client({ url, apiKey, timeout: timeoutMs ?? 10_000, checkCompatibility: false });
    }
    const { exists } = await this.call('check collection', () =>
      this.api().collectionExists(this.collectionName),
    );
    if (!exists) {
      try {
        await this.api().createCollection(this.collectionName, {
          vectors: this.options.denseVectorSize
            ? { [DENSE_VECTOR]: { size: this.options.denseVectorSize, distance: 'Cosine' } }
            : {},
          sparse_vectors: { [LEXICAL_VECTOR]: { modifier: 'idf' } },
        });
      } catch (error) {
        // Another replica may have created it between the check and the create.
        const again = await this.call('check collection', () =>
          this.api().collectionExists(this.collectionName),
        );
        if (!again.exists) throw unavailable('create collection', error);
      }
      await this.call('index creator id', () =>
        this.api().createPayloadIndex(this.collectionName, {
          field_name: CREATOR_FIELD,
          field_schema: { type: 'keyword', is_tenant: true },
          wait: true,
        }),
      );
    }
    await this.verifyLayout();
  }

  private async verifyLayout(): Promise<void> {
    const info = await this.call('read collection', () => this.api().getCollection(this.collectionName));
    const sparse = info.config.params.sparse_vectors ?? {};
    if (!(LEXICAL_VECTOR in sparse)) {
      throw new RetrievalError(
        RetrievalErrorCode.SchemaMismatch,
        `Qdrant collection "${this.collectionName}" has no "${LEXICAL_VECTOR}" sparse vector; point the index at a new collection name`,
      );
    }
    if (this.options.denseVectorSize) {
      const vectors = info.config.params.vectors as Record<string, { size?: number }> | undefined;
      const size = vectors?.[DENSE_VECTOR]?.size;
      if (size !== this.options.denseVectorSize) {
        throw new RetrievalError(
          RetrievalErrorCode.SchemaMismatch,
          `Qdrant collection "${this.collectionName}" has ${size ? `${size}-dimension` : 'no'} "${DENSE_VECTOR}" vectors but the embedding model gives ${this.options.denseVectorSize}; use a new collection name and rebuild the index`,
        );
      }
    }
  }

  /** The client, once `ensureCollection` has run (every public method awaits it first). */
  private api(): QdrantPostClient {
    if (!this.client)
      throw new RetrievalError(RetrievalErrorCode.IndexUnavailable, 'Qdrant client is not initialised');
    return this.client;
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof RetrievalError) throw error;
      throw unavailable(what, error);
    }
  }
}

function unavailable(what: string, error: unknown): RetrievalError {
  const reason = error instanceof Error ? error.message : String(error);
  return new RetrievalError(RetrievalErrorCode.IndexUnavailable, `Qdrant could not ${what}: ${reason}`, {
    cause: error,
  });
}

function creatorFilter(creatorId: string) {
  return { must: [{ key: CREATOR_FIELD, match: { value: creatorId } }] };
}

/** A stable UUID per (creator, post): re-upserting a post overwrites it, and ids never collide across creators. */
export function pointId(creatorId: string, postId: string): string {
  const hex = createHash('sha256').update(`${creatorId}\u0000${postId}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function toDocument(payload: Record<string, unknown> | null | undefined): PostDocument | undefined {
  if (!payload) return undefined;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  if (!text('postId') || !text('creatorId')) return undefined;
  return {
    postId: text('postId'),
    creatorId: text('creatorId'),
    caption: text('caption'),
    desc: text('desc'),
    transcript: text('transcript'),
    tikTokCreatedAt: text('tikTokCreatedAt'),
    url: text('url'),
    ...knowledgeKindOf(payload.source),
  };
}
