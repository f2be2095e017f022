import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { toChatMessage } from '../conversation/conversation.mapper';
import type { MessageEntity } from '../conversation/message.entity';
import { announceConversationEvent } from './conversation-events';
import { InboxRepository } from './inbox.repository';

/**
 * While the creator holds a thread in person (docs/architecture.md, "Inbox"), the persona is
 * paused there: a fan's message is stored (by `send_turn`, in the send's one round trip:
 * MessageRepository.sendTurn) and goes live to the creator's open inbox thread, and no reply is
 * written — no model call, no allowance, no reply slot. Handing back resumes the persona.
 */
@Injectable()
export class InPersonHold {
  private readonly logger = new Logger(InPersonHold.name);

  constructor(
    private readonly repository: InboxRepository,
    private readonly client: ServiceClient,
  ) {}

  /** Whether the creator holds the fan's conversation with them in person (its messages are not charged). */
  holds(owner: string, creatorId: string): Promise<boolean> {
    return this.repository.heldInPerson(owner, creatorId);
  }

  /**
   * Sends the fan's message, stored by `send_turn` for the creator who holds the thread (nothing
   * else is done with it), live to the creator's open inbox thread.
   */
  async announceFanMessage(message: MessageEntity): Promise<void> {
    await announceConversationEvent(this.client, this.logger, message.conversationId, {
      type: 'message',
      message: toChatMessage(message),
    });
  }
}
