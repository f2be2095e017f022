import type { KnowledgeSource, PostText } from '@backtalk/proto';
import { answersQuestion, personaDocuments, rankKnowledgeFirst } from './knowledge-document';
import type { PostDocument, ScoredPost } from './post-document';

const creatorId = '00000000-0000-4000-8000-000000000001';
const doc = (postId: string, caption: string, source?: 'answer' | 'note'): PostDocument => ({
  postId,
  creatorId,
  caption,
  desc: '',
  transcript: '',
  tikTokCreatedAt: '2026-01-01T00:00:00.000Z',
  url: '',
  ...(source ? { source } : {}),
});
const scored = (...docs: PostDocument[]): ScoredPost[] => docs.map((d, i) => ({ doc: d, score: 1 - i / 10 }));
const ids = (results: ScoredPost[]) => results.map((result) => result.doc.postId);

describe('answersQuestion', () => {
  it.each([
    ['the same question', 'What camera do you use?', 'What camera do you use?', true],
    [
      'other words around it',
      'hey!! which camera do you use for your videos?',
      'What camera do you use?',
      true,
    ],
    ['a plural or another form of the words', 'what cameras are you using', 'What camera do you use?', true],
    ['another question', 'what is your favourite food?', 'What camera do you use?', false],
    ['only some of the words', 'do you like your camera bag?', 'Where did you buy your camera lens?', false],
    ['a question of stop words only', 'what is it?', 'What is it?', false],
  ] as const)('%s', (_name, message, question, expected) => {
    expect(answersQuestion(message, question)).toBe(expected);
  });
});

describe('rankKnowledgeFirst', () => {
  const post = doc('post-1', 'My camera setup tour');
  const note = doc('note-1', 'Gear list', 'note');
  const cameraAnswer = doc('answer-1', 'What camera do you use?', 'answer');
  const foodAnswer = doc('answer-2', 'What is your favourite food?', 'answer');

  it.each([
    [
      'an answer to the question leads, whatever its score',
      [post, note, cameraAnswer],
      'what camera do you use',
      3,
      ['answer-1', 'post-1', 'note-1'],
    ],
    [
      'an answer to another question keeps its place',
      [post, foodAnswer, note],
      'what camera do you use',
      3,
      ['post-1', 'answer-2', 'note-1'],
    ],
    [
      'a leading answer takes a place within the limit',
      [post, note, cameraAnswer],
      'what camera do you use',
      2,
      ['answer-1', 'post-1'],
    ],
    ['nothing retrieved, nothing ranked', [], 'what camera do you use', 3, []],
  ] as const)('%s', (_name, docs, message, limit, expected) => {
    expect(ids(rankKnowledgeFirst(message, scored(...docs), limit))).toEqual(expected);
  });
});

describe('personaDocuments', () => {
  const post = (id: string): PostText => ({
    id,
    creatorId,
    awemeId: id,
    caption: `caption ${id}`,
    desc: '',
    transcript: '',
    tikTokCreatedAt: '2026-01-01T00:00:00.000Z',
    videoUrl: `https://www.tiktok.com/@a/video/${id}`,
    coverUrl: '',
  });
  const knowledge: KnowledgeSource = {
    creatorId,
    version: 3,
    answers: [{ id: 'a1', question: 'Q?', answer: 'A.', updatedAt: '2026-01-02T00:00:00.000Z' }],
    notes: [{ id: 'n1', title: 'T', text: 'Body', updatedAt: '2026-01-03T00:00:00.000Z' }],
    excludedPostIds: ['p2'],
  };

  it('leaves excluded posts out and adds answers and notes with their kind', () => {
    const docs = personaDocuments([post('p1'), post('p2')], knowledge);
    expect(docs.map((d) => [d.postId, d.source ?? 'post'])).toEqual([
      ['p1', 'post'],
      ['a1', 'answer'],
      ['n1', 'note'],
    ]);
    expect(docs[1]).toMatchObject({ caption: 'Q?', transcript: 'A.', url: '' });
  });
});
