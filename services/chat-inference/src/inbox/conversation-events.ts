import type { Logger } from '@nestjs/common';
import type { ServiceClient } from '@backtalk/kit';
import { type ConversationEvent, Events } from '@backtalk/proto';

/**
 * Hands a conversation event to every chat-inference replica (each passes it to the open chats it
 * holds: the fan's page, the creator's inbox thread). Fire-and-forget: a lost event is caught up by
 * the next load.
 */
export async function announceConversationEvent(
  client: ServiceClient,
  logger: Logger,
  conversationId: string,
  event: ConversationEvent,
): Promise<void> {
  await client
    .emit(Events.ChatConversationUpdated, { conversationId, event })
    .catch((error: unknown) => logger.warn(`Could not announce a conversation event: ${String(error)}`));
}
