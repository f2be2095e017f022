import { analyzeText } from '../lexical.analyzer';
import { MAYA_POSTS } from './creator-posts.fixture';
import { PARAPHRASED_QUESTIONS } from './paraphrased-questions.fixture';
import { evaluateRetrieval, hitAtK, scoreRetrieval } from './retrieval-eval';

describe('retrieval evaluation', () => {
  it('computes hit@1 and hit@3 as checked by hand', async () => {
    const cases = [
      { question: 'a', expected: 'p1', ranked: ['p1', 'p2', 'p3'] }, // first: hit@1 and hit@3
      { question: 'b', expected: 'p3', ranked: ['p2', 'p1', 'p3'] }, // third: hit@3 only
      { question: 'c', expected: 'p4', ranked: ['p1', 'p2', 'p3', 'p4'] }, // fourth: neither
      { question: 'd', expected: 'p2', ranked: [] }, // nothing found: neither
    ];
    expect(hitAtK(cases, 1)).toBe(1 / 4);
    expect(hitAtK(cases, 3)).toBe(2 / 4);
    expect(hitAtK(cases, 4)).toBe(3 / 4);
    expect(hitAtK([], 3)).toBe(0);
    expect(scoreRetrieval(cases)).toEqual({ questions: 4, hitAt1: 0.25, hitAt3: 0.5, missesAt3: ['c', 'd'] });
    const rankings: Record<string, string[]> = { a: ['p1'], b: ['p2', 'p3'] };
    expect(
      await evaluateRetrieval(
        [
          ['a', 'p1'],
          ['b', 'p1'],
        ],
        async (q) => rankings[q]!,
      ),
    ).toEqual({ questions: 2, hitAt1: 0.5, hitAt3: 0.5, missesAt3: ['b'] });
  });

  it('asks at least 40 questions about existing posts, none a copy of its post caption', () => {
    expect(PARAPHRASED_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const posts = new Map(MAYA_POSTS.map((post) => [post.postId, post]));
    for (const [question, postId] of PARAPHRASED_QUESTIONS) {
      const post = posts.get(postId);
      expect(post).toBeDefined();
      // Most of a question's words (stemmed, without stop words) are not in its post's caption.
      const words = analyzeText(question, { unique: true });
      const caption = new Set(analyzeText(post!.caption));
      const shared = words.filter((word) => caption.has(word)).length;
      expect({ question, shared: shared / words.length < 0.5 }).toEqual({ question, shared: true });
    }
    expect(new Set(PARAPHRASED_QUESTIONS.map(([q]) => q)).size).toBe(PARAPHRASED_QUESTIONS.length);
  });
});
