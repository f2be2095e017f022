import { z } from 'zod';
import { actorSchema, idSchema } from './common';

/**
 * Insights and video ideas (issue 23 item 1; docs/insights.md): what fans ask a creator's persona,
 * grouped into topics by durable background work in chat-inference, counted per week. Never a
 * fan's identity: example questions are stored scrubbed of personal data and shown only for a
 * topic at least INSIGHT_EXAMPLE_MIN_FANS different fans asked.
 */

/** A topic's examples show only once this many different fans asked it. */
export const INSIGHT_EXAMPLE_MIN_FANS = 3;
/** Weeks shown when the query names none, and the most it may name. */
export const INSIGHT_WEEKS_DEFAULT = 8;
export const INSIGHT_WEEKS_MAX = 26;

/** A week, as the date (UTC, YYYY-MM-DD) of its Monday. */
export const insightWeekSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** up/down: this week against last week; new: nobody asked it before this week. */
export const insightTrendSchema = z.enum(['up', 'down', 'flat', 'new']);
export type InsightTrend = z.infer<typeof insightTrendSchema>;

export const insightsQuerySchema = z
  .object({ weeks: z.coerce.number().int().min(1).max(INSIGHT_WEEKS_MAX).optional() })
  .strict();
/** The creator's own insights (the creator's user or an admin). */
export const creatorInsightsRequestSchema = insightsQuerySchema
  .extend({ actor: actorSchema, creatorId: idSchema })
  .strict();

const weekCountSchema = z.object({ week: insightWeekSchema, count: z.number().int().min(0) });

export const insightTopicSchema = z.object({
  id: idSchema,
  /** The topic's key phrase (words fans used). */
  label: z.string(),
  /** Questions in the weeks shown. */
  questions: z.number().int().min(0),
  /** Different fans who asked it in the weeks shown. */
  fans: z.number().int().min(0),
  /** One count per week shown, oldest first. */
  weekly: z.array(weekCountSchema),
  trend: insightTrendSchema,
  /** Scrubbed example questions; empty until INSIGHT_EXAMPLE_MIN_FANS different fans asked. */
  examples: z.array(z.string()),
});
export type InsightTopic = z.infer<typeof insightTopicSchema>;

/** Questions the creator's posts did not answer, grouped like topics, ranked by fans. */
export const videoIdeaSchema = z.object({
  topicId: idSchema,
  label: z.string(),
  /** A title the chat model suggested; null until the background job wrote one. */
  title: z.string().nullable(),
  fans: z.number().int().min(0),
  questions: z.number().int().min(0),
  examples: z.array(z.string()),
});
export type VideoIdea = z.infer<typeof videoIdeaSchema>;

export const creatorInsightsReplySchema = z.object({
  creatorId: idSchema,
  /** The weeks shown, oldest first (Mondays, UTC). */
  weeks: z.array(insightWeekSchema),
  /** All questions per week shown, oldest first. */
  questionsPerWeek: z.array(weekCountSchema),
  /** Busiest first, at most 20. */
  topics: z.array(insightTopicSchema),
  /** Most fans first, at most 20. */
  videoIdeas: z.array(videoIdeaSchema),
  /** Questions stored but not yet grouped by the background job. */
  pending: z.number().int().min(0),
});
export type CreatorInsights = z.infer<typeof creatorInsightsReplySchema>;

/**
 * Internal (the weekly digest, creators): a creator's top topics and video ideas since a week,
 * with no actor — the gateway never calls it.
 */
export const insightsDigestRequestSchema = z
  .object({
    creatorId: idSchema,
    weeks: z.number().int().min(1).max(INSIGHT_WEEKS_MAX).default(1),
    limit: z.number().int().min(1).max(20).default(5),
  })
  .strict();
export const insightsDigestReplySchema = z.object({
  topQuestions: z.array(z.object({ label: z.string(), questions: z.number().int(), fans: z.number().int() })),
  videoIdeas: z.array(z.object({ title: z.string(), label: z.string(), fans: z.number().int() })),
});

/** Durable, chat-inference → itself: a fan question was stored; group the creator's new questions. */
export const fanQuestionRecordedSchema = z.object({ creatorId: idSchema, questionId: idSchema });
