import { z } from 'zod';
import {
  CORRECTED_ANSWER_MAX_LENGTH,
  CORRECTED_QUESTION_MAX_LENGTH,
  NOTE_TEXT_MAX_LENGTH,
  NOTE_TITLE_MAX_LENGTH,
} from '../knowledge';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

/**
 * What the persona may know (docs/creators.md, "Knowledge"). Creators owns corrected answers,
 * notes and post exclusions (the persona's definition); ingestion indexes answers and notes
 * beside the posts it may use (`customai-kb/<creatorId>/`); chat-inference retrieves corrected
 * answers first and cites them. Changes apply at once (no draft).
 */

const requiredText = (max: number) => textSchema.trim().min(1, 'must not be empty').max(max);

/** A question the creator answers themselves, and the answer the persona quotes word for word. */
export const correctedAnswerInputSchema = z
  .object({
    question: requiredText(CORRECTED_QUESTION_MAX_LENGTH),
    answer: requiredText(CORRECTED_ANSWER_MAX_LENGTH),
  })
  .strict();
export const correctedAnswerSchema = z.object({
  id: idSchema,
  question: z.string(),
  answer: z.string(),
  updatedAt: isoDateSchema,
});
export type CorrectedAnswer = z.infer<typeof correctedAnswerSchema>;

/** Text the creator writes for the persona: an FAQ, facts about them, links. */
export const knowledgeNoteInputSchema = z
  .object({
    title: requiredText(NOTE_TITLE_MAX_LENGTH),
    text: requiredText(NOTE_TEXT_MAX_LENGTH),
  })
  .strict();
export const knowledgeNoteSchema = z.object({
  id: idSchema,
  title: z.string(),
  text: z.string(),
  updatedAt: isoDateSchema,
});
export type KnowledgeNote = z.infer<typeof knowledgeNoteSchema>;

/** A post as the knowledge page lists it: whether the persona may use it. */
export const knowledgePostSchema = z.object({
  id: idSchema,
  caption: z.string(),
  tikTokCreatedAt: isoDateSchema,
  videoUrl: z.string(),
  excluded: z.boolean(),
});
export type KnowledgePost = z.infer<typeof knowledgePostSchema>;

/**
 * Re-indexing after a change: `version` counts the creator's knowledge changes, ingestion
 * reports the version it indexed and how far it got (`done` of `total` documents).
 */
export const knowledgeIndexingSchema = z.object({
  version: z.number().int().nonnegative(),
  indexedVersion: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  state: z.enum(['indexing', 'ready']),
});
export type KnowledgeIndexing = z.infer<typeof knowledgeIndexingSchema>;

export const knowledgeReplySchema = z.object({
  creatorId: idSchema,
  answers: z.array(correctedAnswerSchema),
  notes: z.array(knowledgeNoteSchema),
  posts: z.array(knowledgePostSchema),
  indexing: knowledgeIndexingSchema,
});
export type KnowledgeReply = z.infer<typeof knowledgeReplySchema>;

const ownerRequest = { actor: actorSchema, creatorId: idSchema };

export const knowledgeGetRequestSchema = z.object(ownerRequest).strict();

/** No id: a new entry; an id: that entry replaced. */
export const correctedAnswerSaveRequestSchema = correctedAnswerInputSchema
  .extend({ ...ownerRequest, id: idSchema.optional() })
  .strict();
export const knowledgeNoteSaveRequestSchema = knowledgeNoteInputSchema
  .extend({ ...ownerRequest, id: idSchema.optional() })
  .strict();
export const knowledgeEntryDeleteRequestSchema = z.object({ ...ownerRequest, id: idSchema }).strict();

export const postExclusionBodySchema = z.object({ excluded: z.boolean() }).strict();
export const postExclusionSetRequestSchema = postExclusionBodySchema
  .extend({ ...ownerRequest, postId: idSchema })
  .strict();

/** Every change answers the whole knowledge, with the re-indexing it started. */
export const knowledgeChangeReplySchema = knowledgeReplySchema;

/** Internal (ingestion): what the persona may know besides its posts, and the posts it may not use. */
export const knowledgeSourceRequestSchema = z.object({ creatorId: idSchema }).strict();
export const knowledgeSourceReplySchema = z.object({
  creatorId: idSchema,
  version: z.number().int().nonnegative(),
  answers: z.array(correctedAnswerSchema),
  notes: z.array(knowledgeNoteSchema),
  excludedPostIds: z.array(idSchema),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceReplySchema>;

/** Internal (ingestion): how far re-indexing a knowledge version got. */
export const knowledgeIndexRecordRequestSchema = z
  .object({
    creatorId: idSchema,
    version: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  })
  .strict();
export const knowledgeIndexRecordReplySchema = z.object({ recorded: z.boolean() });

/** Durable (creators → ingestion): re-index this creator's knowledge (deduplicated by version). */
export const knowledgeChangedEventSchema = z.object({
  creatorId: idSchema,
  version: z.number().int().nonnegative(),
});
