import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ConversationEvent,
  type EventPayloadOf,
  Events,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { type Observable, defer, switchMap } from 'rxjs';
import { ConversationWatchers } from './conversation-watchers';
import { InboxService } from './inbox.service';

/**
 * A queue group of this process's own: every replica takes each conversation event, so the one
 * holding the fan's open chat hands it on (the service's shared group would give it to one).
 */
const OWN_QUEUE = `chat-inference-conversation-watchers-${randomUUID()}`;

/** In-person replies (issue 23 item 5): the fan's consent and live events, the creator's inbox. */
@Controller()
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly watchers: ConversationWatchers,
  ) {}

  @MessagePattern(Subjects.ChatInPersonGet)
  state(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInPersonGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatInPersonGet>> {
    return this.inbox.stateForFan(request);
  }

  @MessagePattern(Subjects.ChatInboxConsentSet)
  setConsent(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInboxConsentSet>,
  ): Promise<ReplyOf<typeof Subjects.ChatInboxConsentSet>> {
    return this.inbox.setConsent(request);
  }

  @MessagePattern(Subjects.ChatInboxList)
  list(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInboxList>,
  ): Promise<ReplyOf<typeof Subjects.ChatInboxList>> {
    return this.inbox.list(request);
  }

  @MessagePattern(Subjects.ChatInboxThreadGet)
  thread(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInboxThreadGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatInboxThreadGet>> {
    return this.inbox.thread(request);
  }

  @MessagePattern(Subjects.ChatInPersonReply)
  reply(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInPersonReply>,
  ): Promise<ReplyOf<typeof Subjects.ChatInPersonReply>> {
    return this.inbox.reply(request);
  }

  @MessagePattern(Subjects.ChatInPersonHandBack)
  handBack(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInPersonHandBack>,
  ): Promise<ReplyOf<typeof Subjects.ChatInPersonHandBack>> {
    return this.inbox.handBack(request);
  }

  /**
   * The fan's own conversation, or the creator's inbox thread while its fan allows reading; then
   * heartbeats and its events until WATCH_MS has passed.
   */
  @MessagePattern(Subjects.ChatConversationWatch)
  watch(
    @Payload() { actor, conversationId }: ParsedRequestOf<typeof Subjects.ChatConversationWatch>,
  ): Observable<ConversationEvent> {
    return defer(() => this.inbox.watcherOf(actor.userId, conversationId)).pipe(
      switchMap((watcher) => this.watchers.watch(conversationId, watcher === 'fan')),
    );
  }

  @EventPattern(Events.ChatConversationUpdated, { queue: OWN_QUEUE })
  updated(@Payload() { conversationId, event }: EventPayloadOf<typeof Events.ChatConversationUpdated>): void {
    this.watchers.deliver(conversationId, event);
  }
}
