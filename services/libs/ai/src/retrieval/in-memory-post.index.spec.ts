import { InMemoryPostIndex } from './in-memory-post.index';
import type { PostDocument, ScoredPost } from './post-document';
import { MAYA, MAYA_POSTS, TOPIC_QUESTIONS } from './testing/creator-posts.fixture';

const ids = (results: ScoredPost[]) => results.map((result) => result.doc.postId);

/** Every topic question's ranking, as the index answers it now. */
async function rankings(index: InMemoryPostIndex): Promise<string[][]> {
  return Promise.all(TOPIC_QUESTIONS.map(async ([question]) => ids(await index.search(MAYA, question, 5))));
}

describe('InMemoryPostIndex', () => {
  describe('its BM25 index, built on the first search and kept up to date after', () => {
    const edited: PostDocument = {
      ...MAYA_POSTS[2]!,
      caption: 'Lemon drizzle cake',
      desc: 'Zesty and soft',
      transcript: 'Lemon zest, sugar, butter.',
    };
    const added: PostDocument = {
      ...MAYA_POSTS[0]!,
      postId: 'maya-new',
      caption: 'Croissants at home',
      desc: 'Laminated dough, step by step',
      transcript: 'Fold the butter into the dough three times and chill it between folds.',
    };

    it('answers the same after changes whether it was built before or after them', async () => {
      const early = new InMemoryPostIndex();
      await early.upsert(MAYA_POSTS);
      const before = await rankings(early); // builds the BM25 index
      await early.upsert([edited, added]);
      await early.removePosts(MAYA, ['maya-05']);

      const late = new InMemoryPostIndex();
      await late.upsert(MAYA_POSTS);
      await late.upsert([edited, added]);
      await late.removePosts(MAYA, ['maya-05']);

      expect(await rankings(early)).toEqual(await rankings(late));
      expect(await rankings(early)).not.toEqual(before);
      for (const index of [early, late]) {
        expect(ids(await index.search(MAYA, 'lemon drizzle cake', 1))).toEqual(['maya-03']);
        expect(ids(await index.search(MAYA, 'croissants laminated dough', 1))).toEqual(['maya-new']);
        expect(ids(await index.search(MAYA, MAYA_POSTS[4]!.caption, 50))).not.toContain('maya-05');
        expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
      }
    });
  });

  describe('holdSearchesUntil', () => {
    it('makes searches wait for a fill under way, so none sees the index empty', async () => {
      const index = new InMemoryPostIndex();
      let finishFill!: () => void;
      const fill = new Promise<void>((resolve) => (finishFill = resolve));
      index.holdSearchesUntil(fill);

      let answered: ScoredPost[] | undefined;
      const search = index.search(MAYA, 'sourdough starter', 3).then((results) => (answered = results));
      await index.upsert(MAYA_POSTS);
      // Writes and counts do not wait (the writer uses them); the search does.
      expect(await index.count(MAYA)).toBe(MAYA_POSTS.length);
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBeUndefined();

      finishFill();
      await search;
      expect(ids(answered!)[0]).toBe('maya-01');
    });

    it('stops holding when the fill fails', async () => {
      const index = new InMemoryPostIndex();
      await index.upsert(MAYA_POSTS);
      index.holdSearchesUntil(Promise.reject(new Error('creators did not answer')));
      expect(ids(await index.search(MAYA, 'sourdough starter', 1))).toEqual(['maya-01']);
    });
  });
});
