import type { ChatMessage, Conversation } from '@backtalk/proto';
import type { ConversationEntity } from './conversation.entity';
import type { MessageEntity } from './message.entity';

export function toConversation(entity: ConversationEntity): Conversation {
  return { id: entity.id, creatorId: entity.creatorId, createdAt: entity.createdAt.toISOString() };
}

export function messageText(entity: MessageEntity): string {
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
