import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ConversationEntity } from './conversation.entity';

/** Every method takes the fan's id: a conversation is only ever read by its owner. */
@Injectable()
export class ConversationRepository {
  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
  ) {}

  findOwned(owner: string, id: string): Promise<ConversationEntity | null> {
    return this.conversations.findOneBy({ id, owner });
  }

  /** The fan's conversation with a creator, created on first use (one per fan and creator). */
  async open(owner: string, creatorId: string): Promise<ConversationEntity> {
    await this.conversations
      .createQueryBuilder()
      .insert()
      .values({ owner, creatorId, name: '', metadata: {} })
      .orIgnore()
      .execute();
    const conversation = await this.conversations.findOneBy({ owner, creatorId });
    if (!conversation) throw new Error('Conversation vanished after insert');
    return conversation;
  }
}
