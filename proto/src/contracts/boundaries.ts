import { z } from 'zod';
import {
  BOUNDARY_DECLINE_MAX_LENGTH,
  BOUNDARY_MAX_COUNT,
  BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH,
  BOUNDARY_TOPIC_MAX_LENGTH,
} from '../boundaries';
import { actorSchema, idSchema, textSchema } from './common';

/**
 * Creator boundaries (docs/safety.md, "Creator boundaries"): creators owns them as part of the
 * persona's definition; chat-inference reads them with the persona at each send, puts them in
 * the prompt and checks every reply against them.
 */

/** One line of user text: a topic or a decline goes into a prompt, where a line break would start a new instruction. */
const lineSchema = textSchema.regex(/^[^\u0000-\u001f\u007f]*$/, 'must be one line of text').trim();

/** A topic and its optional decline, as the creator edits them. An empty decline means the default one. */
export const boundaryInputSchema = z
  .object({
    topic: lineSchema.min(1, 'must not be empty').max(BOUNDARY_TOPIC_MAX_LENGTH),
    decline: lineSchema.max(BOUNDARY_DECLINE_MAX_LENGTH).optional(),
  })
  .strict();
export type BoundaryInput = z.infer<typeof boundaryInputSchema>;

/** A creator's list: at most BOUNDARY_MAX_COUNT topics, each once (letter case aside). */
export const boundaryInputListSchema = z
  .array(boundaryInputSchema)
  .max(BOUNDARY_MAX_COUNT)
  .refine(
    (list) => new Set(list.map((entry) => entry.topic.toLowerCase())).size === list.length,
    'each topic may be listed once',
  );

/** A stored boundary. `decline` null: the default decline answers. */
export const boundarySchema = z.object({
  id: idSchema,
  topic: z.string(),
  decline: z.string().nullable(),
});
export type Boundary = z.infer<typeof boundarySchema>;

export const boundaryListReplySchema = z.object({
  creatorId: idSchema,
  boundaries: z.array(boundarySchema),
});

/** Only the creator's own user reads or replaces the list. */
export const boundaryGetRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema }).strict();

/** The whole list, replacing the stored one (an empty list removes every boundary). */
export const boundarySetBodySchema = z.object({ boundaries: boundaryInputListSchema }).strict();
export const boundarySetRequestSchema = boundarySetBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema })
  .strict();

/**
 * The preview on /creator/tools: a fan question answered by the persona with the boundaries as
 * currently edited (not yet saved); nothing is stored or counted. The creator's own user only.
 */
export const boundaryPreviewBodySchema = z
  .object({
    question: textSchema.trim().min(1, 'must not be empty').max(BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH),
    boundaries: boundaryInputListSchema,
  })
  .strict();
export const boundaryPreviewRequestSchema = boundaryPreviewBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema })
  .strict();

/**
 * What the fan would have seen: the persona's answer, the decline of the boundary the answer
 * crossed (`topic` names it), the safe message of a reply moderation replaced, or the notice of a
 * question moderation holds back. `checkFailed` (only ever `true`): the boundary check could not
 * run, so the reply was declined as a precaution — `topic` then names the creator's only topic, or
 * is null when there are several (docs/safety.md, "When the judge fails").
 */
export const boundaryPreviewReplySchema = z.object({
  outcome: z.enum(['answered', 'declined', 'replaced', 'held-back']),
  text: z.string(),
  topic: z.string().nullable(),
  checkFailed: z.literal(true).optional(),
});
export type BoundaryPreviewReply = z.infer<typeof boundaryPreviewReplySchema>;
