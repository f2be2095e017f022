import { analyzeText } from '@backtalk/ai';
import { INSIGHT_EXAMPLE_MIN_FANS, type InsightTrend } from '@backtalk/proto';

/**
 * Insights' rules (docs/insights.md), pure: weeks, trends, how a question joins a topic (its key
 * phrase, or the nearest topic by embedding), whether the creator's posts answered it, when a
 * topic's examples may show, and the suggested video title's clean-up.
 */

const DAY_MS = 86_400_000;
/** Cosine similarity from which a question joins a topic by meaning (dense grouping). */
const TOPIC_SIMILARITY = 0.8;
/** At most this many example questions per topic or video idea. */
export const EXAMPLES_PER_TOPIC = 3;
const TITLE_MAX_LENGTH = 120;
const LABEL_MAX_LENGTH = 60;

/** The week of `date`: its Monday (UTC) as YYYY-MM-DD. */
export function weekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` weeks that end with the week of `now`, oldest first. */
export function weeksEnding(now: Date, count: number): string[] {
  const last = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** This week against the week before; `new` when nobody asked it in any earlier week shown. */
export function trendOf(weekly: readonly number[]): InsightTrend {
  const last = weekly.at(-1) ?? 0;
  const previous = weekly.at(-2) ?? 0;
  const earlier = weekly.slice(0, -1).reduce((sum, count) => sum + count, 0);
  if (last > 0 && earlier === 0) return 'new';
  if (last > previous) return 'up';
  if (last < previous) return 'down';
  return 'flat';
}

/** Examples show only once enough different fans asked (never one fan's words alone). */
export function visibleExamples(fans: number, examples: readonly string[]): string[] {
  return fans >= INSIGHT_EXAMPLE_MIN_FANS ? examples.slice(0, EXAMPLES_PER_TOPIC) : [];
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** In how many of these questions each key term occurs. */
export function termFrequency(questions: readonly string[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const question of questions)
    for (const { term } of keyTermsOf(question)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return frequency;
}

/** A question's key terms (stemmed, without stop words) and the words fans wrote for each. */
function keyTermsOf(question: string): { term: string; word: string }[] {
  const seen = new Set<string>();
  const terms: { term: string; word: string }[] = [];
  for (const [word] of question.matchAll(WORD)) {
    const [term] = analyzeText(word);
    if (!term || seen.has(term) || /^\d+$/.test(term)) continue;
    seen.add(term);
    terms.push({ term, word: word.toLowerCase() });
  }
  return terms;
}

export interface TopicRef {
  id: string;
  key: string;
  size: number;
  centroid: number[] | null;
}

/** Where a question goes: an existing topic, or a new one with this key and label. */
export type Assignment = { topicId: string } | { key: string; label: string };

/**
 * The topic a question joins. With an embedding: the nearest topic by meaning when it is at least
 * TOPIC_SIMILARITY alike. Otherwise (or when none is) lexically: the largest topic whose key is
 * one of the question's key terms; else a new topic keyed by the term most other new questions
 * share (`frequency`: in how many of them each term occurs), then the longest, then the first. Null for a question with no key term at all ("hi?").
 */
export function assignTopic(
  question: string,
  embedding: readonly number[] | undefined,
  topics: readonly TopicRef[],
  frequency: ReadonlyMap<string, number> = new Map(),
): Assignment | null {
  if (embedding) {
    let best: { id: string; similarity: number } | undefined;
    for (const topic of topics) {
      if (!topic.centroid || topic.centroid.length !== embedding.length) continue;
      const similarity = cosine(embedding, topic.centroid);
      if (similarity >= TOPIC_SIMILARITY && (!best || similarity > best.similarity))
        best = { id: topic.id, similarity };
    }
    if (best) return { topicId: best.id };
  }
  const terms = keyTermsOf(question);
  if (terms.length === 0) return null;
  const keys = new Set(terms.map(({ term }) => term));
  const known = topics
    .filter((topic) => keys.has(topic.key))
    .sort((a, b) => b.size - a.size || a.key.localeCompare(b.key))[0];
  if (known) return { topicId: known.id };
  const chosen = [...terms].sort(
    (a, b) => (frequency.get(b.term) ?? 0) - (frequency.get(a.term) ?? 0) || b.term.length - a.term.length,
  )[0]!;
  return { key: chosen.term, label: chosen.word.slice(0, LABEL_MAX_LENGTH) };
}

/** A topic's centroid after one more question's embedding (a running mean). */
export function movedCentroid(
  centroid: readonly number[] | null,
  size: number,
  embedding: readonly number[],
): number[] {
  if (!centroid || centroid.length !== embedding.length || size <= 0) return [...embedding];
  return centroid.map((value, i) => (value * size + embedding[i]!) / (size + 1));
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * Whether retrieval found something relevant: a retrieved post shares the question's key terms
 * (two of them, or its only one). Dense retrieval ranks every post, so a returned post alone is
 * not an answer; an unanswered question becomes a video idea.
 */
export function answeredBy(question: string, postTexts: readonly string[]): boolean {
  const terms = keyTermsOf(question).map(({ term }) => term);
  if (terms.length === 0) return true;
  const needed = Math.min(2, terms.length);
  return postTexts.some((text) => {
    const postTerms = new Set(analyzeText(text));
    return terms.filter((term) => postTerms.has(term)).length >= needed;
  });
}

/** The chat model's suggested title, cleaned: one line, no quotes or "Title:", at most 120 characters. */
export function cleanTitle(raw: string, label: string): string {
  const line =
    raw
      .split('\n')
      .map((part) => part.trim())
      .find((part) => part.length > 0) ?? '';
  const title = line
    .replace(/^(?:video\s+)?title\s*:\s*/iu, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/gu, '')
    .slice(0, TITLE_MAX_LENGTH)
    .trim();
  return title.length >= 3 ? title : `Your questions about ${label}, answered`;
}

/** A topic's counts in the weeks shown: all its questions, and those the posts did not answer. */
export interface TopicTotalsRow {
  topicId: string;
  label: string;
  videoTitle: string | null;
  questions: number;
  fans: number;
  unanswered: number;
  unansweredFans: number;
}

export interface RankedTopic {
  topicId: string;
  label: string;
  videoTitle: string | null;
  questions: number;
  fans: number;
}

/**
 * Topics busiest first (questions, then fans, then label); video ideas — the unanswered part of
 * each topic — most different fans first (then questions, then label). At most `limit` of each.
 */
export function rankTopics(
  rows: readonly TopicTotalsRow[],
  limit: number,
): { topics: RankedTopic[]; ideas: RankedTopic[] } {
  const byLabel = (a: RankedTopic, b: RankedTopic) => a.label.localeCompare(b.label);
  const topics = rows
    .map(({ topicId, label, videoTitle, questions, fans }) => ({
      topicId,
      label,
      videoTitle,
      questions,
      fans,
    }))
    .sort((a, b) => b.questions - a.questions || b.fans - a.fans || byLabel(a, b))
    .slice(0, limit);
  const ideas = rows
    .filter((row) => row.unanswered > 0)
    .map(({ topicId, label, videoTitle, unanswered, unansweredFans }) => ({
      topicId,
      label,
      videoTitle,
      questions: unanswered,
      fans: unansweredFans,
    }))
    .sort((a, b) => b.fans - a.fans || b.questions - a.questions || byLabel(a, b))
    .slice(0, limit);
  return { topics, ideas };
}
