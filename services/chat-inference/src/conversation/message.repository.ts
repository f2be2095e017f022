import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { MessageEntity, type MessageCitation, type MessageStatus } from './message.entity';

export interface NewTurn {
  owner: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  text: string;
  aiContext: Record<string, unknown>;
}

@Injectable()
export class MessageRepository {
  constructor(@InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>) {}

  listForConversation(owner: string, conversationId: string): Promise<MessageEntity[]> {
    return this.messages.find({
      where: { owner, conversationId },
      order: { createdAt: 'ASC', role: 'DESC' },
    });
  }

  /** The latest finished turns before the current one, oldest first. */
  async recentTurns(
    owner: string,
    conversationId: string,
    limit: number,
    exclude: string[],
  ): Promise<MessageEntity[]> {
    const rows = await this.messages
      .createQueryBuilder('message')
      .where('message.owner = :owner AND message.conversationId = :conversationId', { owner, conversationId })
      .andWhere('message.status = :status', { status: 'complete' })
      .andWhere(exclude.length ? 'message.id NOT IN (:...exclude)' : 'TRUE', { exclude })
      .orderBy('message.createdAt', 'DESC')
      .limit(limit)
      .getMany();
    return rows.reverse();
  }

  /**
   * Stores the fan's message and an empty assistant message in one
   * transaction before the model runs, so what the fan wrote survives a crash.
   */
  async insertTurn(turn: NewTurn): Promise<void> {
    const now = Date.now();
    await this.messages.manager.transaction(async (manager) => {
      await manager.insert(MessageEntity, [
        {
          id: turn.userMessageId,
          conversationId: turn.conversationId,
          owner: turn.owner,
          role: 'user',
          content: [{ text: turn.text }],
          // jsonb: TypeORM's deep-partial type cannot express an open record.
          aiContext: turn.aiContext as MessageEntity['aiContext'] & object,
          toolConfiguration: null,
          status: 'complete',
          stopReason: null,
          citations: [],
          createdAt: new Date(now),
        },
        {
          id: turn.assistantMessageId,
          conversationId: turn.conversationId,
          owner: turn.owner,
          role: 'assistant',
          content: [{ text: '' }],
          aiContext: null,
          toolConfiguration: null,
          status: 'streaming',
          stopReason: null,
          citations: [],
          createdAt: new Date(now + 1),
        },
      ]);
    });
  }

  async saveAssistant(
    owner: string,
    id: string,
    update: {
      text: string;
      status: MessageStatus;
      stopReason?: string | null;
      citations?: MessageCitation[];
    },
  ): Promise<void> {
    await this.messages.update(
      { id, owner, role: 'assistant' },
      {
        content: [{ text: update.text }],
        status: update.status,
        ...(update.stopReason === undefined ? {} : { stopReason: update.stopReason }),
        ...(update.citations === undefined ? {} : { citations: update.citations }),
      },
    );
  }

  /** Replies a crashed process left half-written: keep their text, mark them failed. */
  async failAbandoned(olderThan: Date): Promise<number> {
    const stale = await this.messages.find({
      select: { id: true },
      where: { status: 'streaming', updatedAt: LessThan(olderThan) },
    });
    if (stale.length === 0) return 0;
    await this.messages.update(
      { id: In(stale.map((message) => message.id)) },
      { status: 'failed', stopReason: 'error' },
    );
    return stale.length;
  }
}
