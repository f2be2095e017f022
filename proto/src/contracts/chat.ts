import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema } from './common';

export const citationSchema = z.object({
  postId: idSchema,
  date: isoDateSchema,
  url: z.string(),
  caption: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const conversationSchema = z.object({ id: idSchema, creatorId: idSchema, createdAt: isoDateSchema });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationOpenRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema });
export const conversationOpenReplySchema = conversationSchema;

export const messageSchema = z.object({
  id: idSchema,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: isoDateSchema,
  status: z.enum(['complete', 'streaming', 'failed']),
  citations: z.array(citationSchema),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const messageListRequestSchema = z.object({ actor: actorSchema, conversationId: idSchema });
export const messageListReplySchema = z.object({ messages: z.array(messageSchema) });

/** Spec §7: sendMessage({content:[{text}], aiContext:{...}}). */
export const aiContextSchema = z
  .object({
    uiContextId: z.string().max(200).optional(),
    creatorPromptFromUI: z.string().max(4000).optional(),
    creatorEssenceFromUI: z.string().max(8000).optional(),
  })
  .strict();
export const messageSendRequestSchema = z.object({
  actor: actorSchema,
  conversationId: idSchema,
  content: z
    .array(z.object({ text: z.string().max(4000) }))
    .min(1)
    .refine(
      (blocks) => blocks.some((block) => block.text.trim().length > 0),
      'message text must not be blank',
    ),
  aiContext: aiContextSchema.default({}),
});
export type MessageSendRequest = z.infer<typeof messageSendRequestSchema>;

/** Spec §3 Stream event: `id` is `<messageId>#<seq>`; the last fragment carries `stopReason`. */
export const streamFragmentSchema = z.object({
  type: z.literal('fragment'),
  text: z.string(),
  id: z.string().regex(/^[0-9a-f-]{36}#\d+$/),
  stopReason: z.enum(['end_turn', 'max_tokens', 'error', 'cancelled']).optional(),
});
export type StreamFragment = z.infer<typeof streamFragmentSchema>;
export const streamCitationsSchema = z.object({
  type: z.literal('citations'),
  messageId: idSchema,
  citations: z.array(citationSchema),
});
export const streamErrorSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});
/** Each value of the reply stream is one of these. */
export const messageSendReplySchema = z.discriminatedUnion('type', [
  streamFragmentSchema,
  streamCitationsSchema,
  streamErrorSchema,
]);
export type MessageStreamEvent = z.infer<typeof messageSendReplySchema>;

export function fragmentId(messageId: string, seq: number): string {
  return `${messageId}#${seq}`;
}
export function messageIdOfFragment(id: string): string {
  return id.split('#')[0] ?? id;
}

/** Spec §7 aiChatWrapperFunc: an empty message is the status check on mount. */
export const rateLimitCheckRequestSchema = z.object({
  actor: actorSchema,
  creatorId: idSchema,
  message: z.string().max(4000),
});
export const rateLimitCheckReplySchema = z.object({
  canSendMessage: z.boolean(),
  nextAvailableTime: isoDateSchema.nullable(),
});
export type RateLimitCheckReply = z.infer<typeof rateLimitCheckReplySchema>;
