import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

/**
 * What a persona remembers about a fan (issue 24, "Memory the fan controls"): short facts the fan
 * shared about themselves, kept by chat-inference per fan and creator, shown to the fan, who can
 * edit, delete or forget them all and turn memory off. Never shared across creators.
 */

/** The longest remembered fact, as the model writes it or the fan edits it. */
export const MEMORY_TEXT_MAX_LENGTH = 300;

export const memoryTextSchema = textSchema.trim().min(1, 'must not be empty').max(MEMORY_TEXT_MAX_LENGTH);

export const fanMemorySchema = z.object({
  id: idSchema,
  creatorId: idSchema,
  text: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type FanMemory = z.infer<typeof fanMemorySchema>;

/** The fan's memories (of one creator, or of all), newest first, and whether memory is on. */
export const memoryListQuerySchema = z.object({ creatorId: idSchema.optional() }).strict();
export const memoryListRequestSchema = memoryListQuerySchema.extend({ actor: actorSchema }).strict();
export const memoryListReplySchema = z.object({
  memories: z.array(fanMemorySchema),
  enabled: z.boolean(),
});

export const memoryUpdateBodySchema = z.object({ text: memoryTextSchema }).strict();
export const memoryUpdateRequestSchema = memoryUpdateBodySchema
  .extend({ actor: actorSchema, memoryId: idSchema })
  .strict();
export const memoryUpdateReplySchema = fanMemorySchema;

export const memoryDeleteRequestSchema = z.object({ actor: actorSchema, memoryId: idSchema }).strict();
export const memoryDeleteReplySchema = z.object({ deleted: z.literal(true) });

/** "Forget everything": every memory of one creator, or of all when none is given. */
export const memoryForgetRequestSchema = memoryListQuerySchema.extend({ actor: actorSchema }).strict();
export const memoryForgetReplySchema = z.object({ deleted: z.number().int().nonnegative() });

/** The fan's switch. Off by default for fans under 18 (or of unknown age), on for adults. */
export const memorySettingsBodySchema = z.object({ enabled: z.boolean() }).strict();
export const memorySettingsRequestSchema = memorySettingsBodySchema.extend({ actor: actorSchema }).strict();
export const memorySettingsReplySchema = z.object({ enabled: z.boolean() });

/** Durable: a fan's turn was sent; chat-inference asks the model what to remember of it. */
export const memoryTurnSentSchema = z.object({
  userId: idSchema,
  creatorId: idSchema,
  /** The fan's message of the turn. */
  messageId: idSchema,
  /** The fan was under 18 or of unknown age when they sent it (memory is off unless they turned it on). */
  minor: z.boolean(),
});
export type MemoryTurnSent = z.infer<typeof memoryTurnSentSchema>;
