import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema } from './common';

/**
 * Sampled replies (issue 23 item 4; docs/creators.md, "Sampled replies"): when a persona's reply to
 * a fan completes, chat-inference may keep an anonymised copy (no fan identity, personal data
 * scrubbed) for the creator to review on /creator/preview with a thumbs up or down. At most
 * REPLY_SAMPLES_PER_FAN_PER_DAY a day per fan and creator, and never from a fan who opted out.
 */

/** The most replies of one fan a creator is shown per UTC day. */
export const REPLY_SAMPLES_PER_FAN_PER_DAY = 3;
/** The newest samples the review list shows. */
export const REPLY_SAMPLES_LISTED = 50;

export const replySampleRatingSchema = z.enum(['up', 'down']);
export type ReplySampleRating = z.infer<typeof replySampleRatingSchema>;

/** One sampled reply as the creator sees it: never the fan, the conversation or the message. */
export const replySampleSchema = z.object({
  id: idSchema,
  /** The fan's message, scrubbed of personal data. */
  question: z.string(),
  /** The persona's reply, scrubbed the same way. */
  reply: z.string(),
  sampledAt: isoDateSchema,
  /** The creator's thumbs, or null while unrated. */
  rating: replySampleRatingSchema.nullable(),
});
export type ReplySample = z.infer<typeof replySampleSchema>;

/** The creator's own samples, newest first, and how many they rated up and down. */
export const replySampleListRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema }).strict();
export const replySampleListReplySchema = z.object({
  samples: z.array(replySampleSchema),
  counts: z.object({ up: z.number().int().nonnegative(), down: z.number().int().nonnegative() }),
});

/** A thumbs up or down; null takes the rating back. */
export const replySampleRateBodySchema = z.object({ rating: replySampleRatingSchema.nullable() }).strict();
export const replySampleRateRequestSchema = replySampleRateBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema, sampleId: idSchema })
  .strict();
export const replySampleRateReplySchema = replySampleListReplySchema;

/** The fan's switch: whether their chats' replies may be sampled (on unless they turned it off). */
export const replySamplingGetRequestSchema = z.object({ actor: actorSchema }).strict();
export const replySamplingBodySchema = z.object({ sampled: z.boolean() }).strict();
export const replySamplingSetRequestSchema = replySamplingBodySchema.extend({ actor: actorSchema }).strict();
export const replySamplingReplySchema = z.object({ sampled: z.boolean() });
