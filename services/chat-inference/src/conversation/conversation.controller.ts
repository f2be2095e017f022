import { Controller, OnApplicationBootstrap } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageStreamEvent, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import type { Observable } from 'rxjs';
import { CreatorCorpus } from '../persona/creator-corpus';
import { FreeTierService } from '../rate-limit/free-tier.service';
import { ChatError } from './chat.errors';
import { toChatMessage, toConversation } from './conversation.mapper';
import { ConversationRepository } from './conversation.repository';
import { MessageRepository } from './message.repository';
import { SendMessage } from './send-message.use-case';

/** A reply not written to for this long belonged to a process that died. */
const ABANDONED_AFTER_MS = 5 * 60_000;

@Controller()
export class ConversationController implements OnApplicationBootstrap {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly corpus: CreatorCorpus,
    private readonly freeTier: FreeTierService,
    private readonly sendMessage: SendMessage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.messages.failAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS));
  }

  @MessagePattern(Subjects.ChatConversationOpen)
  async open(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.ChatConversationOpen>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationOpen>> {
    await this.corpus.persona(creatorId);
    return toConversation(await this.conversations.open(actor.userId, creatorId));
  }

  @MessagePattern(Subjects.ChatMessageList)
  async list(
    @Payload() { actor, conversationId }: ParsedRequestOf<typeof Subjects.ChatMessageList>,
  ): Promise<ReplyOf<typeof Subjects.ChatMessageList>> {
    if (!(await this.conversations.findOwned(actor.userId, conversationId)))
      throw ChatError.conversationNotFound();
    return {
      messages: (await this.messages.listForConversation(actor.userId, conversationId)).map(toChatMessage),
    };
  }

  @MessagePattern(Subjects.ChatMessageSend)
  send(@Payload() request: ParsedRequestOf<typeof Subjects.ChatMessageSend>): Observable<MessageStreamEvent> {
    return this.sendMessage.execute(request);
  }

  @MessagePattern(Subjects.ChatRateLimitCheck)
  rateLimit(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.ChatRateLimitCheck>,
  ): Promise<ReplyOf<typeof Subjects.ChatRateLimitCheck>> {
    return this.freeTier.check(actor, creatorId);
  }
}
