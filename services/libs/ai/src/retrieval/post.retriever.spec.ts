import { InMemoryPostIndex } from './in-memory-post.index';
import { PostRetriever } from './post.retriever';
import { MAYA, MAYA_POSTS } from './testing/creator-posts.fixture';
import { HashedWordsEmbeddings } from './testing/hashed-words.embeddings';

describe('PostRetriever', () => {
  it('retrieves lexically when no embedding model is configured', async () => {
    const retriever = new PostRetriever({ index: new InMemoryPostIndex() });
    await retriever.index(MAYA_POSTS);
    expect(retriever.hybrid).toBe(false);
    expect((await retriever.retrieve(MAYA, 'cast iron skillet care', 3))[0].doc.postId).toBe('maya-14');
  });

  it('embeds posts that lack embeddings, keeps given ones, and returns them for storage', async () => {
    const embeddings = new HashedWordsEmbeddings(32);
    const retriever = new PostRetriever({ index: new InMemoryPostIndex(), embeddings });
    const given = { ...MAYA_POSTS[0], embedding: new Array(32).fill(0.5) };
    const stored = await retriever.index([given, MAYA_POSTS[1]]);
    expect(stored[0].embedding).toBe(given.embedding);
    expect(stored[1].embedding).toHaveLength(32);
    expect(embeddings.calls).toHaveLength(1);
    expect(embeddings.calls[0]).toContain('Why I quit my corporate job');
  });

  it('falls back to lexical retrieval when the embedding provider fails or stalls', async () => {
    const failures: unknown[] = [];
    const failing = new HashedWordsEmbeddings(32);
    failing.embedQuery = () => Promise.reject(new Error('provider down'));
    const stalled = new HashedWordsEmbeddings(32);
    stalled.embedQuery = () => new Promise(() => undefined);
    for (const embeddings of [failing, stalled]) {
      const retriever = new PostRetriever({
        index: new InMemoryPostIndex(),
        embeddings,
        embedTimeoutMs: 50,
        onEmbeddingError: (e) => failures.push(e),
      });
      await retriever.index(MAYA_POSTS);
      expect((await retriever.retrieve(MAYA, 'jammy eggs ice bath', 3))[0].doc.postId).toBe('maya-22');
    }
    expect(failures.map((e) => (e as Error).message)).toEqual([
      'provider down',
      'Query embedding took longer than 50 ms; searching lexically until it finishes',
    ]);
  });

  it('does not wait again on a question embedding that is still slow (a model loading), and indexes lexically when embedding posts fails', async () => {
    const failures: string[] = [];
    const embeddings = new HashedWordsEmbeddings(32);
    let release: (vector: number[]) => void = () => undefined;
    let queries = 0;
    embeddings.embedQuery = () => {
      queries++;
      // The first call is the model loading; once it has loaded, questions embed at once.
      return queries === 1
        ? new Promise((resolve) => (release = resolve))
        : Promise.resolve(new Array(32).fill(0.1));
    };
    embeddings.embedDocuments = () => Promise.reject(new Error('model missing'));
    const retriever = new PostRetriever({
      index: new InMemoryPostIndex(),
      embeddings,
      embedTimeoutMs: 50,
      onEmbeddingError: (e) => failures.push((e as Error).message),
    });
    const indexed = await retriever.index(MAYA_POSTS);
    expect(indexed.every((post) => post.embedding === undefined)).toBe(true);
    const started = Date.now();
    expect((await retriever.retrieve(MAYA, 'jammy eggs ice bath', 3))[0].doc.postId).toBe('maya-22');
    expect((await retriever.retrieve(MAYA, 'cast iron skillet care', 3))[0].doc.postId).toBe('maya-14');
    expect(queries).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    release(new Array(32).fill(0.1));
    await new Promise((resolve) => setImmediate(resolve));
    await retriever.retrieve(MAYA, 'cookies', 3);
    expect(queries).toBe(2);
    expect(failures).toEqual([
      'model missing',
      'Query embedding took longer than 50 ms; searching lexically until it finishes',
    ]);
  });

  it('syncs one creator to the source of truth without ever leaving it empty', async () => {
    const index = new InMemoryPostIndex();
    const retriever = new PostRetriever({ index });
    await retriever.index(MAYA_POSTS);
    const counts: number[] = [];
    const removePosts = index.removePosts.bind(index);
    index.removePosts = async (creatorId, ids) => {
      counts.push(await index.count(MAYA));
      await removePosts(creatorId, ids);
    };
    await retriever.syncCreator(MAYA, MAYA_POSTS.slice(0, 5));
    expect(await index.count(MAYA)).toBe(5);
    expect(counts).toEqual([MAYA_POSTS.length]);
    expect((await index.postIds(MAYA)).sort()).toEqual(
      MAYA_POSTS.slice(0, 5)
        .map((p) => p.postId)
        .sort(),
    );
  });
});
