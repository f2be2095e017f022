import { randomUUID } from 'node:crypto';
import { InMemoryPostIndex } from './in-memory-post.index';
import { type IndexablePost, type PostDocument, type PostIndex, postEmbeddingText } from './post-document';
import { QdrantPostIndex } from './qdrant-post.index';
import { RetrievalError } from './retrieval.error';
import { LEO, LEO_POSTS, MAYA, MAYA_POSTS, TOPIC_QUESTIONS } from './testing/creator-posts.fixture';
import { HashedWordsEmbeddings } from './testing/hashed-words.embeddings';

/**
 * One contract, every index that is reachable: the in-memory index always,
 * Qdrant when QDRANT_URL is set. Each runs lexical-only and hybrid (with a
 * deterministic test embedding, since no embedding weights exist offline).
 */
interface IndexUnderTest {
  index: PostIndex;
  cleanup(): Promise<void>;
}

const DIMENSIONS = 256;

function contract(name: string, hybrid: boolean, create: () => Promise<IndexUnderTest>): void {
  describe(`${name} (${hybrid ? 'hybrid: lexical + dense' : 'lexical only'})`, () => {
    const embeddings = new HashedWordsEmbeddings(DIMENSIONS);
    let subject: IndexUnderTest;
    let index: PostIndex;

    const withEmbeddings = async (docs: PostDocument[]): Promise<IndexablePost[]> => {
      if (!hybrid) return docs;
      const vectors = await embeddings.embedDocuments(docs.map((doc) => postEmbeddingText(doc)));
      return docs.map((doc, i) => ({ ...doc, embedding: vectors[i] }));
    };
    const search = async (creatorId: string, text: string, limit = 5) =>
      index.search(
        creatorId,
        hybrid ? { text, embedding: await embeddings.embedQuery(text) } : { text },
        limit,
      );
    const ids = (results: Array<{ doc: PostDocument }>) => results.map((r) => r.doc.postId);

    beforeEach(async () => {
      subject = await create();
      index = subject.index;
    });
    afterEach(async () => subject.cleanup());

    it('an empty index finds nothing and counts zero', async () => {
      expect(await index.count(MAYA)).toBe(0);
      expect(await search(MAYA, 'sourdough starter')).toEqual([]);
    });

    describe('with two creators indexed', () => {
      beforeEach(async () => {
        await index.upsert(await withEmbeddings([...MAYA_POSTS, ...LEO_POSTS]));
      });

      it.each(TOPIC_QUESTIONS)('"%s" retrieves %s first', async (question, postId) => {
        const results = await search(MAYA, question);
        expect(ids(results)[0]).toBe(postId);
      });

      it('returns whole posts with their date and url, best first', async () => {
        const [best, ...rest] = await search(MAYA, 'chili oil garlic');
        expect(best.doc).toEqual(MAYA_POSTS.find((p) => p.postId === 'maya-03'));
        for (const other of rest) expect(other.score).toBeLessThanOrEqual(best.score);
      });

      it("never returns another creator's posts", async () => {
        // Leo's post is the better lexical match for this question, yet Maya's search must not see it.
        const forMaya = await search(MAYA, 'starter smells like nail polish acetone', 50);
        expect(forMaya.every((r) => r.doc.creatorId === MAYA)).toBe(true);
        const forLeo = await search(LEO, 'starter smells like nail polish acetone', 50);
        expect(ids(forLeo)[0]).toBe('leo-01');
        expect(forLeo.every((r) => r.doc.creatorId === LEO)).toBe(true);
        expect(await search('creator-nobody', 'sourdough')).toEqual([]);
      });

      it("keeps two creators' posts with the same post id apart", async () => {
        const shared = {
          postId: 'same-id',
          tikTokCreatedAt: '2024-05-01T00:00:00.000Z',
          desc: '',
          transcript: '',
        };
        await index.upsert(
          await withEmbeddings([
            { ...shared, creatorId: MAYA, caption: 'Pickled red onions', url: 'https://example.test/maya' },
            { ...shared, creatorId: LEO, caption: 'Pickled jalapeños', url: 'https://example.test/leo' },
          ]),
        );
        expect((await search(MAYA, 'pickled'))[0].doc.caption).toBe('Pickled red onions');
        expect((await search(LEO, 'pickled'))[0].doc.caption).toBe('Pickled jalapeños');
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length + 1);
      });

      it('counts per creator and removes one creator without touching the other', async () => {
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
        expect(await index.count(LEO)).toBe(LEO_POSTS.length);
        expect(await index.creatorIds()).toEqual(expect.arrayContaining([MAYA, LEO]));
        await index.removeCreator(LEO);
        expect(await index.count(LEO)).toBe(0);
        expect(await index.creatorIds()).not.toContain(LEO);
        expect(await search(LEO, 'sourdough')).toEqual([]);
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
      });

      it("lists one creator's post ids", async () => {
        expect((await index.postIds(MAYA)).sort()).toEqual(MAYA_POSTS.map((p) => p.postId).sort());
        expect((await index.postIds(LEO)).sort()).toEqual(LEO_POSTS.map((p) => p.postId).sort());
        expect(await index.postIds('creator-nobody')).toEqual([]);
      });

      it('removes single posts', async () => {
        await index.removePosts(MAYA, ['maya-03']);
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length - 1);
        expect(ids(await search(MAYA, 'chili oil', 50))).not.toContain('maya-03');
      });

      it('is idempotent: upserting the same posts again changes nothing', async () => {
        const before = await search(MAYA, 'sourdough starter rye flour', 10);
        await index.upsert(await withEmbeddings([...MAYA_POSTS, ...LEO_POSTS]));
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
        expect(await index.count(LEO)).toBe(LEO_POSTS.length);
        expect(ids(await search(MAYA, 'sourdough starter rye flour', 10))).toEqual(ids(before));
      });

      it("replaces a post's text on upsert", async () => {
        const edited = {
          ...MAYA_POSTS[2],
          caption: 'Lemon drizzle cake',
          desc: 'Zesty and soft',
          transcript: 'Lemon zest, sugar, butter.',
        };
        await index.upsert(await withEmbeddings([edited]));
        expect(ids(await search(MAYA, 'lemon drizzle cake'))[0]).toBe('maya-03');
        const chili = await search(MAYA, 'chili crisp shallots sesame', 50);
        expect(chili.find((r) => r.doc.postId === 'maya-03')?.doc.caption ?? 'Lemon drizzle cake').toBe(
          'Lemon drizzle cake',
        );
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
      });

      it('honours the limit', async () => {
        expect(await search(MAYA, 'recipe bake flour butter eggs', 3)).toHaveLength(3);
        expect(await search(MAYA, 'recipe', 0)).toEqual([]);
      });

      it('survives a very long query and still finds the topic', async () => {
        const rambling =
          'Hiii I love your channel so much!!! '.repeat(400) +
          ' how often do you feed the sourdough starter? ' +
          'x'.repeat(5000);
        const started = Date.now();
        const results = await search(MAYA, rambling, 5);
        expect(Date.now() - started).toBeLessThan(2000);
        expect(results.length).toBeLessThanOrEqual(5);
        expect(ids(results)).toContain('maya-01');
      });

      it('rejects a missing creator id with a typed error', async () => {
        await expect(index.search('', 'sourdough', 5)).rejects.toBeInstanceOf(RetrievalError);
        await expect(index.upsert([{ ...MAYA_POSTS[0], creatorId: ' ' }])).rejects.toBeInstanceOf(
          RetrievalError,
        );
      });
    });

    it('handles unicode: scripts without spaces, accents and emoji', async () => {
      const base = {
        creatorId: MAYA,
        tikTokCreatedAt: '2024-06-01T00:00:00.000Z',
        desc: '',
        url: 'https://example.test/u',
      };
      await index.upsert(
        await withEmbeddings([
          {
            ...base,
            postId: 'ja',
            caption: '京都で抹茶ラテを飲みました',
            transcript: '抹茶がとても美味しかったです',
          },
          {
            ...base,
            postId: 'fr',
            caption: 'Crème brûlée au café',
            transcript: 'Une recette française très simple',
          },
          { ...base, postId: 'taco', caption: 'Taco night 🌮🌮', transcript: 'Tortillas and salsa verde' },
          {
            ...base,
            postId: 'plain',
            caption: 'Grocery haul',
            transcript: 'Bread, milk, apples and coffee beans',
          },
        ]),
      );
      expect(ids(await search(MAYA, '抹茶'))[0]).toBe('ja');
      expect(ids(await search(MAYA, 'creme brulee cafe'))[0]).toBe('fr');
      expect(ids(await search(MAYA, '🌮'))[0]).toBe('taco');
      expect(await search(MAYA, '🫠🫠')).toEqual(hybrid ? expect.any(Array) : []);
    });

    it('finds nothing lexically for a question made only of stop words', async () => {
      await index.upsert(await withEmbeddings(MAYA_POSTS));
      const results = await index.search(MAYA, 'what is it that you are?', 5);
      expect(results).toEqual([]);
    });
  });
}

contract('InMemoryPostIndex', false, async () => ({
  index: new InMemoryPostIndex(),
  cleanup: async () => undefined,
}));
contract('InMemoryPostIndex', true, async () => ({
  index: new InMemoryPostIndex(),
  cleanup: async () => undefined,
}));

const qdrantUrl = process.env.QDRANT_URL;
const describeQdrant = qdrantUrl ? describe : describe.skip;
describeQdrant(
  qdrantUrl
    ? `QdrantPostIndex at ${qdrantUrl}`
    : 'QdrantPostIndex — not configured: set QDRANT_URL to run this contract against Qdrant',
  () => {
    for (const hybrid of [false, true]) {
      contract('QdrantPostIndex', hybrid, async () => {
        const collectionName = `backtalk_posts_test_${randomUUID().slice(0, 8)}`;
        const index = new QdrantPostIndex({
          url: qdrantUrl,
          apiKey: process.env.QDRANT_API_KEY,
          collectionName,
          denseVectorSize: hybrid ? DIMENSIONS : undefined,
        });
        await index.ensureCollection();
        return {
          index,
          cleanup: async () => {
            const { QdrantClient } = await import('@qdrant/js-client-rest');
            await new QdrantClient({
              url: qdrantUrl,
              apiKey: process.env.QDRANT_API_KEY,
              checkCompatibility: false,
            }).deleteCollection(collectionName);
          },
        };
      });
    }
  },
);
