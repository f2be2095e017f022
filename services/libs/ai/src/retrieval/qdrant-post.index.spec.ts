import { QdrantPostIndex, pointId, type QdrantPostClient } from './qdrant-post.index';
import { RetrievalError, RetrievalErrorCode } from './retrieval.error';
import { SparseVectorEncoder, termIndex } from './sparse-vector.encoder';
import { MAYA, MAYA_POSTS } from './testing/creator-posts.fixture';

/**
 * The requests the Qdrant adapter sends, checked without a server (the
 * contract suite runs them against a real Qdrant when QDRANT_URL is set).
 */
function recordingClient(existing?: { sparse?: string[]; dense?: number }) {
  const calls: Array<[string, unknown[]]> = [];
  const record = (name: string, result: unknown) =>
    jest.fn(async (...args: unknown[]) => {
      calls.push([name, args]);
      return result;
    });
  let created: { vectors?: Record<string, unknown>; sparse_vectors?: Record<string, unknown> } | undefined;
  const client = {
    collectionExists: record('collectionExists', { exists: existing !== undefined }),
    createCollection: jest.fn(async (_name: string, config: typeof created) => {
      created = config;
      return true;
    }),
    createPayloadIndex: record('createPayloadIndex', {}),
    getCollection: jest.fn(async () => ({
      config: {
        params: created
          ? { ...created }
          : {
              sparse_vectors: Object.fromEntries(
                (existing?.sparse ?? ['lexical']).map((name) => [name, { modifier: 'idf' }]),
              ),
              vectors: existing?.dense ? { dense: { size: existing.dense, distance: 'Cosine' } } : {},
            },
      },
    })),
    upsert: record('upsert', {}),
    delete: record('delete', {}),
    count: record('count', { count: 7 }),
    query: record('query', { points: [] }),
    scroll: jest.fn(async (_name: string, request: { offset?: number }) => {
      calls.push(['scroll', [_name, request]]);
      // Two pages; a point of another creator would be dropped even if the filter let it through.
      return request.offset === undefined
        ? {
            points: [
              { id: 1, payload: { postId: 'maya-01', creatorId: MAYA } },
              { id: 2, payload: { postId: 'leo-01', creatorId: 'creator-leo' } },
            ],
            next_page_offset: 7,
          }
        : { points: [{ id: 3, payload: { postId: 'maya-02', creatorId: MAYA } }], next_page_offset: null };
    }),
  };
  return { client: client as unknown as QdrantPostClient, calls, mocks: client };
}

const creatorFilter = { must: [{ key: 'creatorId', match: { value: MAYA } }] };

describe('QdrantPostIndex requests', () => {
  it("lists one creator's post ids page by page, filtered by creator", async () => {
    const { client, mocks } = recordingClient({});
    const ids = await new QdrantPostIndex({ client, collectionName: 'posts' }).postIds(MAYA);
    expect(ids).toEqual(['maya-01', 'maya-02']);
    expect(mocks.scroll).toHaveBeenCalledTimes(2);
    expect(mocks.scroll.mock.calls[0]![1]).toMatchObject({ filter: creatorFilter, with_vector: false });
    expect(mocks.scroll.mock.calls[1]![1]).toMatchObject({ filter: creatorFilter, offset: 7 });
  });

  it('creates one collection with an IDF sparse vector, a dense vector and a tenant index on creatorId', async () => {
    const { client, mocks } = recordingClient();
    await new QdrantPostIndex({ client, collectionName: 'posts', denseVectorSize: 8 }).count(MAYA);
    expect(mocks.createCollection).toHaveBeenCalledWith('posts', {
      vectors: { dense: { size: 8, distance: 'Cosine' } },
      sparse_vectors: { lexical: { modifier: 'idf' } },
    });
    expect(mocks.createPayloadIndex).toHaveBeenCalledWith('posts', {
      field_name: 'creatorId',
      field_schema: { type: 'keyword', is_tenant: true },
      wait: true,
    });
  });

  it('refuses a collection whose dense vectors have another size', async () => {
    const { client } = recordingClient({ dense: 384 });
    const error = await new QdrantPostIndex({ client, denseVectorSize: 768 })
      .count(MAYA)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetrievalError);
    expect((error as RetrievalError).code).toBe(RetrievalErrorCode.SchemaMismatch);
  });

  it('filters every read and delete by the creator', async () => {
    const { client, mocks } = recordingClient({ dense: 3 });
    const index = new QdrantPostIndex({ client, denseVectorSize: 3 });
    await index.search(MAYA, { text: 'sourdough starter', embedding: [0.1, 0.2, 0.3] }, 5);
    await index.count(MAYA);
    await index.removeCreator(MAYA);
    type Prefetch = { using: string; filter: unknown; query: unknown };
    const [, query] = mocks.query.mock.calls[0] as [
      string,
      { filter: unknown; query: unknown; prefetch: Prefetch[] },
    ];
    expect(query.filter).toEqual(creatorFilter);
    expect(query.prefetch.map((p) => [p.using, p.filter])).toEqual([
      ['lexical', creatorFilter],
      ['dense', creatorFilter],
    ]);
    expect(query.query).toEqual({ rrf: { k: 60 } });
    expect(query.prefetch[0].query).toEqual(new SparseVectorEncoder().encodeQuery('sourdough starter'));
    expect(mocks.count).toHaveBeenCalledWith('backtalk_posts', { filter: creatorFilter, exact: true });
    expect(mocks.delete).toHaveBeenCalledWith('backtalk_posts', { wait: true, filter: creatorFilter });
  });

  it('queries the sparse vector alone when no embedding is given, and skips Qdrant for an empty query', async () => {
    const { client, mocks } = recordingClient();
    const index = new QdrantPostIndex({ client });
    await index.search(MAYA, 'chili oil', 5);
    expect(mocks.query.mock.calls[0][1]).toMatchObject({
      using: 'lexical',
      filter: creatorFilter,
      limit: 5,
      with_payload: true,
    });
    await index.search(MAYA, 'what is it?', 5);
    expect(mocks.query).toHaveBeenCalledTimes(1);
  });

  it('drops any returned point that belongs to another creator', async () => {
    const { client, mocks } = recordingClient();
    mocks.query.mockResolvedValueOnce({
      points: [
        { id: 'a', score: 2, payload: { ...MAYA_POSTS[0], creatorId: 'someone-else' } },
        { id: 'b', score: 1, payload: { ...MAYA_POSTS[1] } },
      ],
    });
    const results = await new QdrantPostIndex({ client }).search(MAYA, 'job', 5);
    expect(results.map((r) => r.doc.postId)).toEqual(['maya-02']);
  });

  it('upserts points with stable per-creator UUIDs, BM25 sparse values and the post as payload', async () => {
    const { client, mocks } = recordingClient();
    await new QdrantPostIndex({ client }).upsert([MAYA_POSTS[0]]);
    type Point = {
      id: string;
      payload: unknown;
      vector: { dense?: number[]; lexical: { indices: number[]; values: number[] } };
    };
    const [, { points }] = mocks.upsert.mock.calls[0] as [string, { points: Point[] }];
    expect(points[0].id).toBe(pointId(MAYA, 'maya-01'));
    expect(points[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(points[0].payload).toEqual(MAYA_POSTS[0]);
    expect(points[0].vector.dense).toBeUndefined();
    const sparse = points[0].vector.lexical;
    expect(sparse.indices).toContain(termIndex('sourdough'));
    expect(new Set(sparse.indices).size).toBe(sparse.indices.length);
    expect(pointId(MAYA, 'maya-01')).not.toBe(pointId('creator-leo', 'maya-01'));
  });

  it('turns client failures into a typed, clear error', async () => {
    const { client, mocks } = recordingClient();
    mocks.collectionExists.mockRejectedValueOnce(new TypeError('fetch failed'));
    const error = await new QdrantPostIndex({ client }).count(MAYA).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: RetrievalErrorCode.IndexUnavailable,
      message: 'Qdrant could not check collection: fetch failed',
    });
  });

  it('reports an unreachable Qdrant URL quickly as index-unavailable', async () => {
    const index = new QdrantPostIndex({ url: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(index.count(MAYA)).rejects.toMatchObject({ code: RetrievalErrorCode.IndexUnavailable });
  });
});

describe('SparseVectorEncoder', () => {
  it('saturates term frequency and normalises by length, so a post about the topic beats a long one that mentions it', () => {
    const encoder = new SparseVectorEncoder({ averageDocLength: 20 });
    const focused = encoder.encodeDocument({
      caption: 'sourdough sourdough',
      desc: '',
      transcript: 'starter',
    });
    const rambling = encoder.encodeDocument({
      caption: '',
      desc: '',
      transcript: 'sourdough ' + 'random words everywhere '.repeat(60),
    });
    const value = (v: { indices: number[]; values: number[] }) =>
      v.values[v.indices.indexOf(termIndex('sourdough'))];
    expect(value(focused)).toBeGreaterThan(value(rambling));
    expect(value(focused)).toBeLessThan(2.2);
  });
});
