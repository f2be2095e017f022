import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { toChatMessage } from '../conversation/conversation.mapper';
import type { StoredVerdict } from '../conversation/message.repository';
import { announceConversationEvent } from './conversation-events';
import { InboxRepository } from './inbox.repository';

/**
 * While the creator holds a thread in person (docs/architecture.md, "Inbox"), the persona is
 * paused there: a fan's message is stored and goes live to the creator's open inbox thread, and no
 * reply is written — no model call, no allowance, no reply slot. Handing back resumes the persona.
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
   * Takes the fan's message for the creator when they hold the thread: true when it was stored so
   * (nothing else is to be done with it), false when the persona answers as usual.
   */
  async takeFanMessage(turn: {
    owner: string;
    conversationId: string;
    text: string;
    verdict: StoredVerdict | null;
  }): Promise<boolean> {
    const stored = await this.repository.addFanMessageInPerson(turn);
    if (!stored) return false;
    await announceConversationEvent(this.client, this.logger, turn.conversationId, {
      type: 'message',
      message: toChatMessage(stored),
    });
    return true;
  }
}
