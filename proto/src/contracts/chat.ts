import { z } from 'zod';
import {
  CONVERSATION_SEARCH_MAX_LENGTH,
  CONVERSATION_SEARCH_MIN_LENGTH,
  CONVERSATION_TITLE_MAX_LENGTH,
} from '../my-chats';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

export const citationSchema = z.object({
  postId: idSchema,
  date: isoDateSchema,
  url: z.string(),
  caption: z.string(),
  /**
   * What grounded the reply (docs/creators.md, "Knowledge"): a post (absent: a post), a corrected
   * answer the creator wrote ("Answered by <by>") or one of the creator's notes.
   */
  source: z.enum(['post', 'answer', 'note']).optional(),
  /** The creator's display name, for an answer or a note. */
  by: z.string().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * One of the fan's conversations with a creator (several per fan and creator since issue 24 item 1).
 * `title`: the fan's name for it, else the first message they wrote (trimmed); empty when neither
 * exists (the web shows the creator's name).
 */
export const conversationSchema = z.object({
  id: idSchema,
  creatorId: idSchema,
  createdAt: isoDateSchema,
  title: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * The fan's latest conversation with a creator (by last activity), created when there is none;
 * `fresh: true` ("New chat") always starts a new one.
 */
export const conversationOpenRequestSchema = z.object({
  actor: actorSchema,
  creatorId: idSchema,
  fresh: z.boolean().optional(),
});
export const conversationOpenReplySchema = conversationSchema;

/** "My chats": the fan's conversations across creators, newest activity first (issue 24 item 1). */
export const conversationSummarySchema = conversationSchema.extend({
  /** The newest message's time (the conversation's creation when it has none). */
  lastActivityAt: isoDateSchema,
  /** The newest message, trimmed; null when the conversation has none. */
  lastMessage: z.object({ role: z.enum(['user', 'assistant', 'creator']), text: z.string() }).nullable(),
  /** Persona and in-person replies received after the fan last opened the conversation. */
  unread: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListRequestSchema = z.object({ actor: actorSchema }).strict();
export const conversationListReplySchema = z.object({ conversations: z.array(conversationSummarySchema) });

/** The fan's conversation by id (404 for any other). */
export const conversationGetRequestSchema = z
  .object({ actor: actorSchema, conversationId: idSchema })
  .strict();
export const conversationGetReplySchema = conversationSchema;

export const conversationRenameBodySchema = z
  .object({ title: textSchema.trim().min(1, 'must not be empty').max(CONVERSATION_TITLE_MAX_LENGTH) })
  .strict();
export const conversationRenameRequestSchema = conversationRenameBodySchema
  .extend({ actor: actorSchema, conversationId: idSchema })
  .strict();
export const conversationRenameReplySchema = conversationSchema;

/** Erases the conversation and its messages; the free-tier allowance is not given back. */
export const conversationDeleteRequestSchema = conversationGetRequestSchema;
export const conversationDeleteReplySchema = z.object({ deleted: z.literal(true) });

/** Opening the conversation (or seeing a reply end in it) marks its replies read. */
export const conversationReadRequestSchema = conversationGetRequestSchema;
export const conversationReadReplySchema = z.object({ lastReadAt: isoDateSchema });

/** Searches the fan's own messages (every conversation of theirs); newest first, at most 50. */
export const conversationSearchQuerySchema = z
  .object({
    q: textSchema
      .trim()
      .min(CONVERSATION_SEARCH_MIN_LENGTH, `must be at least ${CONVERSATION_SEARCH_MIN_LENGTH} characters`)
      .max(CONVERSATION_SEARCH_MAX_LENGTH),
  })
  .strict();
export const conversationSearchRequestSchema = conversationSearchQuerySchema
  .extend({ actor: actorSchema })
  .strict();
export const conversationSearchHitSchema = z.object({
  conversationId: idSchema,
  creatorId: idSchema,
  conversationTitle: z.string(),
  messageId: idSchema,
  role: z.enum(['user', 'assistant', 'creator']),
  /** The message's text around the first match, trimmed. */
  snippet: z.string(),
  createdAt: isoDateSchema,
});
export const conversationSearchReplySchema = z.object({ hits: z.array(conversationSearchHitSchema) });

/**
 * What an assistant-side message is (docs/safety.md): the persona's own reply (`message`, also
 * every fan message), a calm answer to a fan message that moderation held back from the model
 * (`safety-notice`), or the out-of-character crisis card (`crisis-care`). Neither of the last two
 * is the persona's words: never charged, never shown to the model as history.
 */
export const messageKindSchema = z.enum(['message', 'safety-notice', 'crisis-care']);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** A crisis line on the crisis-care card (chat-inference's maintained table, docs/safety.md). */
export const crisisLineSchema = z.object({ name: z.string(), contact: z.string(), url: z.string() });
/** The crisis card's resources: for the fan's country (ISO 3166-1 alpha-2) when known, else international. */
export const crisisCareSchema = z.object({
  country: z.string().length(2).nullable(),
  countryName: z.string(),
  emergency: z.string(),
  lines: z.array(crisisLineSchema),
  /** The card's language, chosen from the fan's message and Accept-Language (absent: English). */
  language: z.enum(['en', 'es', 'pt']).optional(),
});
export type CrisisCare = z.infer<typeof crisisCareSchema>;

export const messageSchema = z.object({
  id: idSchema,
  /** `creator`: the creator wrote it in person (contracts/inbox.ts), never the persona's words. */
  role: z.enum(['user', 'assistant', 'creator']),
  content: z.string(),
  createdAt: isoDateSchema,
  status: z.enum(['complete', 'streaming', 'failed']),
  citations: z.array(citationSchema),
  /** Absent: `message`. */
  kind: messageKindSchema.optional(),
  /**
   * Moderation acted on it: a fan message held back from the model, or a reply replaced by a
   * safe message (its `content` is that message). Absent: false.
   */
  moderated: z.boolean().optional(),
  /** The crisis card's resources (`kind: 'crisis-care'` only). */
  care: crisisCareSchema.optional(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** A page holds 1..100 messages; one rule for the NATS request and the HTTP query string. */
const pageLimit = (number: z.ZodNumber) => number.int().min(1).max(100);
// The cursor reaches a query as a parameter, so it meets the same NUL rule as typed text.
const pageCursor = textSchema.max(200);

/** One page of a conversation (oldest first within the page); `before` is the `nextCursor` of the previous page. */
export const messageListRequestSchema = z.object({
  actor: actorSchema,
  conversationId: idSchema,
  before: pageCursor.optional(),
  limit: pageLimit(z.number()).default(50),
});
/** The same page request as an HTTP query string: numbers arrive as text. */
export const messageListQuerySchema = z
  .object({ before: pageCursor.optional(), limit: pageLimit(z.coerce.number()).optional() })
  .strict();
export const messageListReplySchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});

/** Where a request came from, as the gateway saw it: the free tier is also counted per address and device. */
export const requestOriginSchema = z.object({
  ip: z.string().max(64),
  device: z.string().max(128).optional(),
});
export type RequestOrigin = z.infer<typeof requestOriginSchema>;

/** Spec §7: sendMessage({content:[{text}], aiContext:{...}}). */
export const aiContextSchema = z
  .object({
    uiContextId: textSchema.max(200).optional(),
    creatorPromptFromUI: textSchema.max(4000).optional(),
    creatorEssenceFromUI: textSchema.max(8000).optional(),
  })
  .strict();
/** Spec §7: at most 8 text blocks of 4000 characters, not all blank. */
export const MAX_MESSAGE_BLOCKS = 8;
export const messageSendRequestSchema = z.object({
  actor: actorSchema,
  conversationId: idSchema,
  content: z
    .array(z.object({ text: textSchema.max(4000) }).strict())
    .min(1)
    .max(MAX_MESSAGE_BLOCKS)
    .refine(
      (blocks) => blocks.some((block) => block.text.trim().length > 0),
      'message text must not be blank',
    ),
  aiContext: aiContextSchema.default({}),
  origin: requestOriginSchema.optional(),
  /** The request's Accept-Language, as the gateway received it: the crisis card's country (docs/safety.md). */
  acceptLanguage: textSchema.max(512).optional(),
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
/**
 * Sent by chat-inference every REPLY_HEARTBEAT_MS while it works on a reply, whatever the model
 * is doing, so the gateway can tell a slow model from a replica that died mid-reply: after
 * REPLY_LIVENESS_MS without any value it ends the fan's stream with a clear error instead of
 * leaving it open (issue 13). Between the two services only; the browser never sees it.
 */
export const streamHeartbeatSchema = z.object({ type: z.literal('heartbeat') });
export const REPLY_HEARTBEAT_MS = 5_000;
/** Three heartbeats missed. */
export const REPLY_LIVENESS_MS = 15_000;
/**
 * A whole message as it now stands, replacing the client's copy of that id (docs/safety.md): the
 * safety notice or crisis card that answers a held-back fan message, or a reply moderation replaced
 * with a safe message. The stream still ends with a last fragment of that id carrying `stopReason`.
 */
export const streamMessageSchema = z.object({ type: z.literal('message'), message: messageSchema });
/** Each value of the reply stream is one of these. */
export const messageSendReplySchema = z.discriminatedUnion('type', [
  streamFragmentSchema,
  streamCitationsSchema,
  streamErrorSchema,
  streamHeartbeatSchema,
  streamMessageSchema,
]);
export type MessageStreamEvent = z.infer<typeof messageSendReplySchema>;

/**
 * Attaches to a reply (docs/architecture.md, "Replies that resume anywhere"): any tab or device of
 * the fan who owns it. `after` is the seq of the last fragment the caller has (from the SSE
 * `Last-Event-ID`): the fragments after it are replayed, then the reply continues live. Without it,
 * the reply so far comes as one `message` event (replacing the caller's copy), then live fragments.
 * The stream is the send's: it ends with the reply's last fragment (the one with `stopReason`).
 */
export const messageAttachRequestSchema = z.object({
  actor: actorSchema,
  conversationId: idSchema,
  messageId: idSchema,
  after: z.number().int().min(0).optional(),
});

/** The seq of a fragment id of `messageId` (`<messageId>#<seq>`); null for anything else. */
export function fragmentSeqOf(id: string, messageId: string): number | null {
  const prefix = `${messageId}#`;
  if (!id.startsWith(prefix)) return null;
  const seq = id.slice(prefix.length);
  return /^\d{1,9}$/.test(seq) ? Number(seq) : null;
}

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
  message: textSchema.max(4000).default(''),
  origin: requestOriginSchema.optional(),
});
export const rateLimitCheckReplySchema = z.object({
  canSendMessage: z.boolean(),
  nextAvailableTime: isoDateSchema.nullable(),
});
export type RateLimitCheckReply = z.infer<typeof rateLimitCheckReplySchema>;

/**
 * A creator's chat funnel (docs/billing.md, "Earnings and funnel"), for the creator themself or an
 * admin: `fans` — people (guests and accounts, not the creator) who sent the creator's persona at
 * least one message; `reachedLimit` — people who met the free-tier limit in the creator's chat.
 */
export const creatorFunnelGetRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema }).strict();
export const creatorFunnelGetReplySchema = z.object({
  fans: z.number().int().nonnegative(),
  reachedLimit: z.number().int().nonnegative(),
});
export type CreatorFunnelGetReply = z.infer<typeof creatorFunnelGetReplySchema>;
