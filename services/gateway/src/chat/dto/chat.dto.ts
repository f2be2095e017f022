import {
  conversationDeleteReplySchema,
  conversationListReplySchema,
  conversationOpenRequestSchema,
  conversationReadReplySchema,
  conversationRenameBodySchema,
  conversationSchema,
  conversationSearchQuerySchema,
  conversationSearchReplySchema,
  idSchema,
  messageListQuerySchema,
  messageListReplySchema,
  messageSendRequestSchema,
  rateLimitCheckReplySchema,
  rateLimitCheckRequestSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Every input is the proto request schema minus what the gateway fills in
// itself (the actor from the token, ids from the path, the origin from the
// connection), so HTTP and NATS callers meet the same rules. The bodies are
// strict: one that names a gateway-filled field (an `origin`, say) is refused
// with 400 rather than trusted.

export class ConversationOpenBody extends createZodDto(
  conversationOpenRequestSchema.omit({ actor: true }).strict(),
) {}
export class ConversationResponse extends createZodDto(conversationSchema) {}
export class ConversationIdParams extends createZodDto(z.object({ id: idSchema })) {}
/** "My chats" (issue 24 item 1). */
export class ConversationListResponse extends createZodDto(conversationListReplySchema) {}
export class ConversationRenameBody extends createZodDto(conversationRenameBodySchema) {}
export class ConversationDeleteResponse extends createZodDto(conversationDeleteReplySchema) {}
export class ConversationReadResponse extends createZodDto(conversationReadReplySchema) {}
export class ConversationSearchQuery extends createZodDto(conversationSearchQuerySchema) {}
export class ConversationSearchResponse extends createZodDto(conversationSearchReplySchema) {}
/** A reply of a conversation, to attach to (GET …/messages/{messageId}/stream). */
export class ReplyStreamParams extends createZodDto(z.object({ id: idSchema, messageId: idSchema })) {}
/** `?before=<nextCursor>&limit=` pages back through the conversation. */
export class MessageListQuery extends createZodDto(messageListQuerySchema) {}
export class MessageListResponse extends createZodDto(messageListReplySchema) {}

/** Spec §7 sendMessage({content:[{text}], aiContext}). */
export class SendMessageBody extends createZodDto(
  messageSendRequestSchema
    .omit({ actor: true, conversationId: true, origin: true, acceptLanguage: true })
    .extend({ aiContext: messageSendRequestSchema.shape.aiContext.unwrap().optional() })
    .strict(),
) {}

/** Spec §7 aiChatWrapperFunc({message, creatorId}); the user comes from the token. */
export class RateLimitBody extends createZodDto(
  rateLimitCheckRequestSchema.omit({ actor: true, origin: true }).strict(),
) {}
export class RateLimitResponse extends createZodDto(rateLimitCheckReplySchema) {}
