import { Controller, Optional } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ChatMessage,
  type MessageStreamEvent,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import type { Observable } from 'rxjs';
import { CreatorCorpus } from '../persona/creator-corpus';
import { assertOldEnough } from '../safety/age-gate';
import { FreeTierService } from '../rate-limit/free-tier.service';
import { ChatError } from './chat.errors';
import {
  toChatMessage,
  toConversation,
  toConversationSummary,
  toHiddenChatMessage,
} from './conversation.mapper';
import { ReportRepository } from '../reports/report.repository';
import { ConversationRepository } from './conversation.repository';
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor';
import { MessageRepository } from './message.repository';
import { withHeartbeats } from './reply-heartbeat';
import { SendAdmission } from './send-admission';
import { SendMessage } from './send-message.use-case';
import { AttachReply } from './attach-reply.use-case';
import { InPersonHold } from '../inbox/in-person-hold';
import { audienceOfActor, ChatModeration } from '../safety/chat-moderation';

/**
 * A page is also cut by size, so it stays far below NATS's 1 MB payload limit
 * whatever the messages hold (replies can be long, with citations).
 */
const PAGE_MAX_BYTES = 256 * 1024;

@Controller()
export class ConversationController {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly corpus: CreatorCorpus,
    private readonly freeTier: FreeTierService,
    private readonly sendMessage: SendMessage,
    private readonly admission: SendAdmission,
    private readonly reports: ReportRepository,
    private readonly moderation: ChatModeration,
    private readonly attachReply: AttachReply,
    // In-person replies (issue 23 item 5); optional so focused tests build the controller without them.
    @Optional() private readonly inPerson?: InPersonHold,
  ) {}

  @MessagePattern(Subjects.ChatConversationOpen)
  async open(
    @Payload() { actor, creatorId, fresh }: ParsedRequestOf<typeof Subjects.ChatConversationOpen>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationOpen>> {
    // A fan younger than the creator's audience cannot open the chat either (docs/safety.md, "Age").
    assertOldEnough(actor, await this.corpus.persona(creatorId));
    return toConversation(await this.conversations.open(actor.userId, creatorId, fresh ?? false));
  }

  // "My chats" (issue 24 item 1): each answers the caller's own conversations only; any other id,
  // existing or not, is CONVERSATION_NOT_FOUND, so ids reveal nothing.

  @MessagePattern(Subjects.ChatConversationList)
  async listConversations(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.ChatConversationList>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationList>> {
    return { conversations: (await this.conversations.listOwned(actor.userId)).map(toConversationSummary) };
  }

  @MessagePattern(Subjects.ChatConversationGet)
  async getConversation(
    @Payload() { actor, conversationId }: ParsedRequestOf<typeof Subjects.ChatConversationGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationGet>> {
    const conversation = await this.conversations.getOwned(actor.userId, conversationId);
    if (!conversation) throw ChatError.conversationNotFound();
    return toConversation(conversation);
  }

  @MessagePattern(Subjects.ChatConversationRename)
  async renameConversation(
    @Payload() { actor, conversationId, title }: ParsedRequestOf<typeof Subjects.ChatConversationRename>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationRename>> {
    if (!(await this.conversations.rename(actor.userId, conversationId, title)))
      throw ChatError.conversationNotFound();
    return this.getConversation({ actor, conversationId });
  }

  /** Erases the conversation and its messages; the free-tier allowance already taken stays taken. */
  @MessagePattern(Subjects.ChatConversationDelete)
  async deleteConversation(
    @Payload() { actor, conversationId }: ParsedRequestOf<typeof Subjects.ChatConversationDelete>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationDelete>> {
    if (!(await this.conversations.deleteOwned(actor.userId, conversationId)))
      throw ChatError.conversationNotFound();
    return { deleted: true };
  }

  @MessagePattern(Subjects.ChatConversationRead)
  async readConversation(
    @Payload() { actor, conversationId }: ParsedRequestOf<typeof Subjects.ChatConversationRead>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationRead>> {
    const lastReadAt = await this.conversations.markRead(actor.userId, conversationId);
    if (!lastReadAt) throw ChatError.conversationNotFound();
    return { lastReadAt: lastReadAt.toISOString() };
  }

  @MessagePattern(Subjects.ChatConversationSearch)
  async searchConversations(
    @Payload() { actor, q }: ParsedRequestOf<typeof Subjects.ChatConversationSearch>,
  ): Promise<ReplyOf<typeof Subjects.ChatConversationSearch>> {
    const hits = await this.conversations.searchOwned(actor.userId, q);
    return { hits: hits.map((hit) => ({ ...hit, createdAt: hit.createdAt.toISOString() })) };
  }

  @MessagePattern(Subjects.ChatMessageList)
  async list(
    @Payload() { actor, conversationId, before, limit }: ParsedRequestOf<typeof Subjects.ChatMessageList>,
  ): Promise<ReplyOf<typeof Subjects.ChatMessageList>> {
    const position = before === undefined ? undefined : decodeMessageCursor(before);
    if (position === null) throw ChatError.invalidCursor();
    if (!(await this.conversations.findOwned(actor.userId, conversationId)))
      throw ChatError.conversationNotFound();
    // One more than asked for tells whether older messages remain.
    const rows = await this.messages.pageForConversation(actor.userId, conversationId, limit + 1, position);
    if (!rows) throw ChatError.invalidCursor();
    const page: ChatMessage[] = [];
    let bytes = 0;
    const hidden = await this.reports.hiddenAmong(rows.map((row) => row.id));
    for (const row of rows.slice(0, limit)) {
      const message = hidden.has(row.id) ? toHiddenChatMessage(row) : toChatMessage(row);
      bytes += Buffer.byteLength(JSON.stringify(message));
      if (page.length > 0 && bytes > PAGE_MAX_BYTES) break;
      page.push(message);
    }
    const more = rows.length > page.length;
    return {
      messages: page.reverse(),
      nextCursor: more ? encodeMessageCursor({ id: page[0]!.id }) : null,
    };
  }

  @MessagePattern(Subjects.ChatMessageSend)
  send(@Payload() request: ParsedRequestOf<typeof Subjects.ChatMessageSend>): Observable<MessageStreamEvent> {
    // A suspended or cooled-down fan, or a paused persona, is refused before anything is stored:
    // by send_turn, in the send's one round trip (MessageRepository.sendTurn).
    // Queued behind the sends before it when too many are in their first phase (SendAdmission).
    return withHeartbeats(this.admission.admit(this.sendMessage.execute(request)));
  }

  /** Another tab or device of the fan follows a reply: what it missed, then live (AttachReply). */
  @MessagePattern(Subjects.ChatMessageAttach)
  attach(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMessageAttach>,
  ): Observable<MessageStreamEvent> {
    return withHeartbeats(this.attachReply.execute(request));
  }

  @MessagePattern(Subjects.ChatRateLimitCheck)
  async rateLimit(
    @Payload() { actor, creatorId, message, origin }: ParsedRequestOf<typeof Subjects.ChatRateLimitCheck>,
  ): Promise<ReplyOf<typeof Subjects.ChatRateLimitCheck>> {
    const answer = await this.freeTier.check(actor, creatorId, origin);
    if (answer.canSendMessage || !message.trim()) return answer;
    // While the creator replies in person the persona is paused and a message costs nothing (docs/architecture.md, "Inbox").
    if (await this.inPerson?.holds(actor.userId, creatorId))
      return { canSendMessage: true, nextAvailableTime: null };
    // A message moderation holds back costs nothing, and crisis care is never refused (docs/safety.md).
    const decision = await this.moderation.checkFanMessage(message.trim(), audienceOfActor(actor));
    return decision.heldFor ? { canSendMessage: true, nextAvailableTime: null } : answer;
  }
}
