import type { ChatMessage, Conversation, ConversationSummary } from '@backtalk/proto';
import type { ConversationListing, TitledConversation } from './conversation.repository';
import type { MessageEntity } from './message.entity';

export function toConversation(conversation: TitledConversation): Conversation {
  return {
    id: conversation.id,
    creatorId: conversation.creatorId,
    createdAt: conversation.createdAt.toISOString(),
    title: conversation.title,
  };
}

export function toConversationSummary(listing: ConversationListing): ConversationSummary {
  return {
    ...toConversation(listing),
    lastActivityAt: listing.lastActivityAt.toISOString(),
    lastMessage: listing.lastMessage,
    unread: listing.unread,
  };
}

export function messageText(entity: Pick<MessageEntity, 'content'>): string {
  return entity.content.map((block) => block.text).join('\n');
}

/** What a fan sees in place of a message an admin hid (docs/safety.md, "Reports"). */
const HIDDEN_MESSAGE_TEXT = 'This message was hidden';

/** A hidden message keeps its place in the conversation, without its text or citations. */
export function toHiddenChatMessage(entity: MessageEntity): ChatMessage {
  return { ...toChatMessage(entity), content: HIDDEN_MESSAGE_TEXT, citations: [] };
}

export function toChatMessage(entity: MessageEntity): ChatMessage {
  return {
    id: entity.id,
    role: entity.role,
    content: messageText(entity),
    createdAt: entity.createdAt.toISOString(),
    status: entity.status,
    citations: entity.citations,
    // What moderation did (docs/safety.md): absent for the persona's ordinary messages.
    ...(entity.kind !== 'message' ? { kind: entity.kind } : {}),
    ...(entity.moderationFlagged ? { moderated: true } : {}),
    ...(entity.care ? { care: entity.care } : {}),
  };
}
