import type { KnowledgeSource, PostText } from '@backtalk/proto';
import { analyzeText } from './lexical.analyzer';
import { type PostDocument, postDocumentOf, type ScoredPost } from './post-document';

/**
 * What the persona may know, as retrieval indexes it (docs/creators.md, "Knowledge"): the
 * creator's posts but the excluded ones, their corrected answers and their notes, each a
 * document of the creator's index. A corrected answer's caption is the question and its
 * transcript the answer, so a fan asking the same question finds it lexically and densely.
 */
export function personaDocuments(posts: readonly PostText[], knowledge: KnowledgeSource): PostDocument[] {
  const excluded = new Set(knowledge.excludedPostIds);
  return [
    ...posts.filter((post) => !excluded.has(post.id)).map(postDocumentOf),
    ...knowledge.answers.map((entry): PostDocument => ({
      postId: entry.id,
      creatorId: knowledge.creatorId,
      caption: entry.question,
      desc: '',
      transcript: entry.answer,
      tikTokCreatedAt: entry.updatedAt,
      url: '',
      source: 'answer',
    })),
    ...knowledge.notes.map((entry): PostDocument => ({
      postId: entry.id,
      creatorId: knowledge.creatorId,
      caption: entry.title,
      desc: '',
      transcript: entry.text,
      tikTokCreatedAt: entry.updatedAt,
      url: '',
      source: 'note',
    })),
  ];
}

/** Share of a corrected question's words the fan's message must hold for the answer to lead. */
const ANSWER_MATCH_SHARE = 0.6;

/**
 * Whether a corrected answer answers the fan's message: most of the words of the question the
 * creator answered (stemmed, stop words aside) are in the message. A dense index ranks every
 * document somewhere, so being retrieved alone does not make an answer the one asked for.
 */
export function answersQuestion(message: string, question: string): boolean {
  const wanted = analyzeText(question, { unique: true });
  if (wanted.length === 0) return false;
  const asked = new Set(analyzeText(message, { unique: true }));
  const found = wanted.filter((term) => asked.has(term)).length;
  return found / wanted.length >= ANSWER_MATCH_SHARE;
}

/**
 * Corrected answers are the persona's first source (docs/creators.md, "Knowledge"): a retrieved
 * answer to the fan's question goes ahead of everything else, then the rest in the index's order
 * (answers to other questions among them); at most `limit`.
 */
export function rankKnowledgeFirst(
  message: string,
  results: readonly ScoredPost[],
  limit: number,
): ScoredPost[] {
  const leads = (result: ScoredPost) =>
    result.doc.source === 'answer' && answersQuestion(message, result.doc.caption);
  return [...results.filter(leads), ...results.filter((result) => !leads(result))].slice(
    0,
    Math.max(0, limit),
  );
}
