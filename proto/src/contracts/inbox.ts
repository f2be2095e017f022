import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';
import { messageSchema } from './chat';

/**
 * In-person replies (issue 23 item 5, docs/architecture.md "Inbox"): a fan may let the creator
 * read one conversation; while they do, it is in the creator's inbox and the creator may reply in
 * person (a message with the role `creator`, never shown to the model as the persona's words) and
 * hand the thread back to the persona. chat-inference owns the consent and the messages.
 */

/** What the fan's chat shows: whether the creator may read it, and whether they are replying in person. */
export const inPersonStateSchema = z.object({
  creatorMayRead: z.boolean(),
  /** The creator replied in person and has not handed the thread back to the persona. */
  inPerson: z.boolean(),
});
export type InPersonState = z.infer<typeof inPersonStateSchema>;

export const inPersonGetRequestSchema = z.object({ actor: actorSchema, conversationId: idSchema }).strict();
export const inPersonGetReplySchema = inPersonStateSchema;

/** The fan's toggle: off by default; turning it off removes the conversation from the inbox at once. */
export const inboxConsentBodySchema = z.object({ creatorMayRead: z.boolean() }).strict();
export const inboxConsentSetRequestSchema = inboxConsentBodySchema
  .extend({ actor: actorSchema, conversationId: idSchema })
  .strict();
export const inboxConsentSetReplySchema = inPersonStateSchema;

/** A conversation in the creator's inbox; the fan is named only by a label derived from the conversation. */
export const inboxConversationSchema = z.object({
  id: idSchema,
  fanLabel: z.string(),
  lastActivityAt: isoDateSchema,
  /** The newest message's text, cut short. */
  preview: z.string(),
  inPerson: z.boolean(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const inboxListRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema }).strict();
export const inboxListReplySchema = z.object({ conversations: z.array(inboxConversationSchema) });

export const inboxThreadRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema, conversationId: idSchema })
  .strict();
/** The newest INBOX_THREAD_LIMIT messages, oldest first. */
export const inboxThreadReplySchema = z.object({
  conversation: inboxConversationSchema,
  messages: z.array(messageSchema),
});
export const INBOX_THREAD_LIMIT = 100;

export const IN_PERSON_MAX_LENGTH = 4000;
export const inPersonReplyBodySchema = z
  .object({
    text: textSchema
      .max(IN_PERSON_MAX_LENGTH)
      .refine((text) => text.trim().length > 0, 'message text must not be blank'),
  })
  .strict();
export const inPersonReplyRequestSchema = inPersonReplyBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema, conversationId: idSchema })
  .strict();
export const inPersonReplyReplySchema = z.object({ message: messageSchema });

export const handBackRequestSchema = inboxThreadRequestSchema;
export const handBackReplySchema = z.object({ inPerson: z.literal(false) });

/** The fan's open chat listens to its conversation (the gateway relays this as Server-Sent Events). */
export const conversationWatchRequestSchema = z
  .object({ actor: actorSchema, conversationId: idSchema })
  .strict();
/** Per-conversation events; `heartbeat` is between the services only (the browser never sees it). */
export const conversationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heartbeat') }),
  /** A message that arrived outside the fan's own send: the creator's in-person reply. */
  z.object({ type: z.literal('message'), message: messageSchema }),
  /** The creator started replying in person or handed the thread back to the persona. */
  z.object({ type: z.literal('in-person'), inPerson: z.boolean() }),
]);
export type ConversationEvent = z.infer<typeof conversationEventSchema>;

/** Every chat-inference replica takes it and hands it to the conversation's watchers it holds. */
export const conversationUpdatedEventSchema = z.object({
  conversationId: idSchema,
  event: conversationEventSchema,
});
