import type { PostText } from '@backtalk/proto';

/** One creator post as retrieval sees it: the text fields that answer questions, plus what a citation needs. */
export interface PostDocument {
  postId: string;
  creatorId: string;
  caption: string;
  desc: string;
  transcript: string;
  /** ISO 8601 timestamp of the post on TikTok. */
  tikTokCreatedAt: string;
  url: string;
  /**
   * What the creator wrote for the persona (docs/creators.md, "Knowledge"): a corrected answer
   * (caption: the question, transcript: the answer) or a note (caption: its title). Absent: a post.
   */
  source?: KnowledgeKind;
}

export type KnowledgeKind = 'answer' | 'note';

/** The source an index stored, when it is one of the knowledge kinds (anything else reads as a post). */
export function knowledgeKindOf(value: unknown): { source?: KnowledgeKind } {
  return value === 'answer' || value === 'note' ? { source: value } : {};
}

/** A creator's post, as creators lists it with transcripts, in the shape retrieval indexes. */
export function postDocumentOf(post: PostText): PostDocument {
  return {
    postId: post.id,
    creatorId: post.creatorId,
    caption: post.caption,
    desc: post.desc,
    transcript: post.transcript,
    tikTokCreatedAt: post.tikTokCreatedAt,
    url: post.videoUrl,
  };
}

/**
 * A post handed to an index. The embedding is optional: it is computed by the
 * embeddings provider (and kept in PostgreSQL as the system of record), so an
 * index can be rebuilt without calling the provider again.
 */
export type IndexablePost = PostDocument & { embedding?: readonly number[] };

export interface PostQuery {
  /** The fan's question (or any free text). Drives the lexical side. */
  text: string;
  /** The query embedding; when present, the index also ranks by cosine similarity and fuses both rankings. */
  embedding?: readonly number[];
}

export interface ScoredPost {
  doc: PostDocument;
  /** Higher is better. Only comparable within one result list. */
  score: number;
}

/**
 * The vector-index port. Every read takes the creator id, so a caller cannot
 * ask for posts without naming whose posts they are; adapters must never
 * return another creator's posts.
 */
export interface PostIndex {
  /** Inserts or replaces posts (by creatorId + postId). Calling it twice with the same posts changes nothing. */
  upsert(docs: readonly IndexablePost[]): Promise<void>;
  /** Removes some posts of one creator (e.g. deleted on TikTok). */
  removePosts(creatorId: string, postIds: readonly string[]): Promise<void>;
  /** Removes every post of one creator. */
  removeCreator(creatorId: string): Promise<void>;
  search(creatorId: string, query: string | PostQuery, limit: number): Promise<ScoredPost[]>;
  count(creatorId: string): Promise<number>;
  /** The ids of one creator's indexed posts (to find posts that are gone from the source). */
  postIds(creatorId: string): Promise<string[]>;
  /** Every creator the index holds posts of (to find creators that are gone from the source). */
  creatorIds(): Promise<string[]>;
}

/** Strips index-only fields so callers get a plain post back. */
export function toPostDocument(post: IndexablePost | PostDocument): PostDocument {
  return {
    postId: post.postId,
    creatorId: post.creatorId,
    caption: post.caption,
    desc: post.desc,
    transcript: post.transcript,
    tikTokCreatedAt: post.tikTokCreatedAt,
    url: post.url,
    ...knowledgeKindOf(post.source),
  };
}

export function normalizeQuery(query: string | PostQuery): PostQuery {
  return typeof query === 'string' ? { text: query } : query;
}

/** The text an embedding model sees for a post. Ingestion must use the same text when it stores embeddings. */
export function postEmbeddingText(post: PostDocument, maxChars = 4000): string {
  const text = [post.caption, post.desc, post.transcript]
    .map((part) => part.trim())
    .filter((part, i, all) => part.length > 0 && all.indexOf(part) === i)
    .join('\n');
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}
