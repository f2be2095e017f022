import { Injectable, Logger } from '@nestjs/common';
import { ForbiddenError, ServiceClient } from '@backtalk/kit';
import {
  type ConversationEvent,
  INBOX_THREAD_LIMIT,
  type InboxConversation,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import { ChatError } from '../conversation/chat.errors';
import { toChatMessage } from '../conversation/conversation.mapper';
import { CreatorCorpus } from '../persona/creator-corpus';
import { announceConversationEvent } from './conversation-events';
import { InPersonMail } from './in-person-mail';
import { type InboxRow, InboxRepository } from './inbox.repository';
import { fanLabel, mayCreatorRead, previewOf } from './inbox-rules';

/**
 * In-person replies (issue 23 item 5, docs/architecture.md "Inbox"): the fan's consent, the
 * creator's inbox and thread, the creator's in-person message (announced to the fan's open chat on
 * every replica, or emailed when none is open) and the hand-back to the persona.
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger(InboxService.name);

  constructor(
    private readonly repository: InboxRepository,
    private readonly corpus: CreatorCorpus,
    private readonly client: ServiceClient,
    private readonly mail: InPersonMail,
  ) {}

  async stateForFan({
    actor,
    conversationId,
  }: ParsedRequestOf<typeof Subjects.ChatInPersonGet>): Promise<ReplyOf<typeof Subjects.ChatInPersonGet>> {
    const state = await this.repository.stateForFan(actor.userId, conversationId);
    if (!state) throw ChatError.conversationNotFound();
    return state;
  }

  async setConsent({
    actor,
    conversationId,
    creatorMayRead,
  }: ParsedRequestOf<typeof Subjects.ChatInboxConsentSet>): Promise<
    ReplyOf<typeof Subjects.ChatInboxConsentSet>
  > {
    const before = await this.repository.stateForFan(actor.userId, conversationId);
    const state = await this.repository.setConsent(actor.userId, conversationId, creatorMayRead);
    if (!state || !before) throw ChatError.conversationNotFound();
    if (before.inPerson && !state.inPerson)
      await this.announce(conversationId, { type: 'in-person', inPerson: false });
    return state;
  }

  async list({
    actor,
    creatorId,
  }: ParsedRequestOf<typeof Subjects.ChatInboxList>): Promise<ReplyOf<typeof Subjects.ChatInboxList>> {
    await this.assertOwnPersona(actor.userId, creatorId);
    const rows = await this.repository.listForCreator(creatorId);
    return { conversations: rows.map(toInboxConversation) };
  }

  async thread({
    actor,
    creatorId,
    conversationId,
  }: ParsedRequestOf<typeof Subjects.ChatInboxThreadGet>): Promise<
    ReplyOf<typeof Subjects.ChatInboxThreadGet>
  > {
    const row = await this.readable(actor.userId, creatorId, conversationId);
    const messages = await this.repository.thread(conversationId, INBOX_THREAD_LIMIT);
    return { conversation: toInboxConversation(row), messages: messages.map(toChatMessage) };
  }

  async reply({
    actor,
    creatorId,
    conversationId,
    text,
  }: ParsedRequestOf<typeof Subjects.ChatInPersonReply>): Promise<
    ReplyOf<typeof Subjects.ChatInPersonReply>
  > {
    const persona = await this.assertOwnPersona(actor.userId, creatorId);
    const stored = await this.repository.addInPersonMessage(creatorId, conversationId, text.trim());
    if (!stored) throw ChatError.conversationNotFound();
    const message = toChatMessage(stored.message);
    await this.announce(conversationId, { type: 'message', message });
    await this.announce(conversationId, { type: 'in-person', inPerson: true });
    await this.mail
      .notifyIfAway(stored.owner, conversationId, persona)
      .catch((error: unknown) =>
        this.logger.warn(`Could not ask for the in-person reply email: ${String(error)}`),
      );
    return { message };
  }

  async handBack({
    actor,
    creatorId,
    conversationId,
  }: ParsedRequestOf<typeof Subjects.ChatInPersonHandBack>): Promise<
    ReplyOf<typeof Subjects.ChatInPersonHandBack>
  > {
    await this.assertOwnPersona(actor.userId, creatorId);
    if (!(await this.repository.handBack(creatorId, conversationId))) throw ChatError.conversationNotFound();
    await this.announce(conversationId, { type: 'in-person', inPerson: false });
    return { inPerson: false };
  }

  /**
   * Who may watch a conversation's events (before a watch starts): its fan, or the persona's own
   * creator while the fan allows reading (their inbox thread, live); else CONVERSATION_NOT_FOUND.
   */
  async watcherOf(userId: string, conversationId: string): Promise<'fan' | 'creator'> {
    if (await this.repository.stateForFan(userId, conversationId)) return 'fan';
    const row = await this.repository.readableById(conversationId);
    if (row && (await this.corpus.persona(row.creatorId)).userId === userId) return 'creator';
    throw ChatError.conversationNotFound();
  }

  private async readable(userId: string, creatorId: string, conversationId: string): Promise<InboxRow> {
    await this.assertOwnPersona(userId, creatorId);
    const row = await this.repository.readable(creatorId, conversationId);
    const allowed = mayCreatorRead({
      callerOwnsPersona: true,
      conversationIsWithCreator: row?.creatorId === creatorId,
      fanAllows: row !== null,
    });
    // Not found, whether it is another creator's, the fan withdrew consent or it never existed.
    if (!row || !allowed) throw ChatError.conversationNotFound();
    return row;
  }

  private async assertOwnPersona(userId: string, creatorId: string) {
    // CREATOR_NOT_FOUND for an unknown creator (creators answers it).
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== userId) throw new ForbiddenError('You can only read your own inbox.');
    return persona;
  }

  private announce(conversationId: string, event: ConversationEvent): Promise<void> {
    return announceConversationEvent(this.client, this.logger, conversationId, event);
  }
}

function toInboxConversation(row: InboxRow): InboxConversation {
  return {
    id: row.id,
    fanLabel: fanLabel(row.id),
    lastActivityAt: row.lastActivityAt.toISOString(),
    preview: previewOf(row.lastText),
    inPerson: row.inPersonSince !== null,
  };
}
