import { z } from 'zod';
import { BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH } from '../boundaries';
import { boundaryInputListSchema, boundaryPreviewReplySchema } from './boundaries';
import { creatorPromptTextSchema } from './creators';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

/**
 * Preview and publish (docs/creators.md, "Drafts, preview and publish"): prompt and boundary
 * changes made on /creator/tools wait in a draft (creators owns it) until the creator publishes
 * it on /creator/preview. Every route acts for the caller's own creator profile only.
 */

/** What the persona is defined by, as fans get it (published) or as the creator edits it (draft). */
export const personaDefinitionSchema = z.object({
  creatorPrompt: z.string(),
  boundaries: boundaryInputListSchema,
});
export type PersonaDefinition = z.infer<typeof personaDefinitionSchema>;

export const personaDraftSchema = z.object({
  creatorId: idSchema,
  published: personaDefinitionSchema,
  /** The published definition with the draft's changes applied. */
  draft: personaDefinitionSchema,
  /** Which parts the draft changes; none: nothing to publish. */
  changed: z.object({ creatorPrompt: z.boolean(), boundaries: z.boolean() }),
  /** When the draft was last saved, or null without a draft. */
  updatedAt: isoDateSchema.nullable(),
});
export type PersonaDraft = z.infer<typeof personaDraftSchema>;

export const draftGetRequestSchema = z.object({ actor: actorSchema }).strict();

/** The parts to change (at least one); a part equal to the published one drops out of the draft. */
export const draftSaveBodySchema = z
  .object({
    creatorPrompt: creatorPromptTextSchema.optional(),
    boundaries: boundaryInputListSchema.optional(),
  })
  .strict()
  .refine((body) => body.creatorPrompt !== undefined || body.boundaries !== undefined, {
    message: 'name the prompt, the boundaries or both',
  });
export const draftSaveRequestSchema = z
  .object({
    actor: actorSchema,
    creatorPrompt: creatorPromptTextSchema.optional(),
    boundaries: boundaryInputListSchema.optional(),
  })
  .strict();

/** Publish makes the draft what fans get; discard drops it. Both answer the (now empty) draft. */
export const draftPublishRequestSchema = z.object({ actor: actorSchema }).strict();
export const draftDiscardRequestSchema = z.object({ actor: actorSchema }).strict();

// --- The preview chat (chat-inference): nothing stored, nothing counted ---

/** Most earlier turns a preview question carries (the chat lives only in the creator's page). */
export const PREVIEW_HISTORY_MAX_TURNS = 12;
export const previewVersionSchema = z.enum(['draft', 'published']);
export type PreviewVersion = z.infer<typeof previewVersionSchema>;

const previewTurnSchema = z
  .object({
    role: z.enum(['fan', 'persona']),
    text: textSchema.max(4000),
  })
  .strict();

export const previewAskBodySchema = z
  .object({
    question: textSchema.trim().min(1, 'must not be empty').max(BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH),
    version: previewVersionSchema,
    history: z.array(previewTurnSchema).max(PREVIEW_HISTORY_MAX_TURNS).default([]),
  })
  .strict();
export const previewAskRequestSchema = z
  .object({
    actor: actorSchema,
    question: previewAskBodySchema.shape.question,
    version: previewVersionSchema,
    history: z.array(previewTurnSchema).max(PREVIEW_HISTORY_MAX_TURNS),
  })
  .strict();

/** What a fan would see from that version of the persona. */
export const previewAskReplySchema = boundaryPreviewReplySchema.extend({ version: previewVersionSchema });
export type PreviewAskReply = z.infer<typeof previewAskReplySchema>;
