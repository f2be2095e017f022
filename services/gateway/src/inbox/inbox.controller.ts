import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Response } from 'express';
import { CurrentActor } from '../auth/auth.guard';
import { ConversationIdParams } from '../chat/dto/chat.dto';
import { CreatorIdParams } from '../reports/reports.dto';
import { ConversationEventsRelay } from './conversation-events.relay';
import {
  HandBackResponse,
  InboxConsentBody,
  InboxListResponse,
  InboxThreadParams,
  InboxThreadResponse,
  InPersonReplyBody,
  InPersonReplyResponse,
  InPersonStateResponse,
} from './inbox.dto';

/**
 * In-person replies (issue 23 item 5, docs/architecture.md "Inbox"). chat-inference authorizes
 * each call: the fan's own conversation for consent and events; the persona's own creator, and
 * only conversations whose fan allows it, for the inbox.
 */
@ApiTags('inbox')
@ApiBearerAuth()
@Controller('api')
export class InboxController {
  constructor(private readonly client: ServiceClient) {}

  /** The fan's toggle and whether the creator is replying in person. */
  @Get('conversations/:id/in-person')
  @ApiOkResponse({ type: InPersonStateResponse })
  state(@CurrentActor() actor: Actor, @Param() { id }: ConversationIdParams): Promise<InPersonStateResponse> {
    return this.client.request(Subjects.ChatInPersonGet, { actor, conversationId: id });
  }

  /** Let the creator read this conversation and reply in person (off by default). */
  @Put('conversations/:id/in-person')
  @ApiOkResponse({ type: InPersonStateResponse })
  setConsent(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
    @Body() body: InboxConsentBody,
  ): Promise<InPersonStateResponse> {
    return this.client.request(Subjects.ChatInboxConsentSet, {
      actor,
      conversationId: id,
      creatorMayRead: body.creatorMayRead,
    });
  }

  /**
   * The fan's open chat: its conversation's events (`message`: an in-person reply; `in-person`:
   * the creator started or handed back) as Server-Sent Events, until the browser closes it.
   */
  @Get('conversations/:id/events')
  @ApiProduces('text/event-stream')
  events(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
    @Res() response: Response,
  ): void {
    new ConversationEventsRelay(this.client, response, actor, id).open();
  }

  @Get('creators/:creatorId/inbox')
  @ApiOkResponse({ type: InboxListResponse })
  list(@CurrentActor() actor: Actor, @Param() { creatorId }: CreatorIdParams): Promise<InboxListResponse> {
    return this.client.request(Subjects.ChatInboxList, { actor, creatorId });
  }

  @Get('creators/:creatorId/inbox/:conversationId')
  @ApiOkResponse({ type: InboxThreadResponse })
  thread(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, conversationId }: InboxThreadParams,
  ): Promise<InboxThreadResponse> {
    return this.client.request(Subjects.ChatInboxThreadGet, { actor, creatorId, conversationId });
  }

  @Post('creators/:creatorId/inbox/:conversationId/replies')
  @HttpCode(201)
  @ApiOkResponse({ type: InPersonReplyResponse })
  reply(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, conversationId }: InboxThreadParams,
    @Body() body: InPersonReplyBody,
  ): Promise<InPersonReplyResponse> {
    return this.client.request(Subjects.ChatInPersonReply, {
      actor,
      creatorId,
      conversationId,
      text: body.text,
    });
  }

  /** "Hand back to <persona>": the in-person mode ends. */
  @Post('creators/:creatorId/inbox/:conversationId/hand-back')
  @HttpCode(200)
  @ApiOkResponse({ type: HandBackResponse })
  handBack(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, conversationId }: InboxThreadParams,
  ): Promise<HandBackResponse> {
    return this.client.request(Subjects.ChatInPersonHandBack, { actor, creatorId, conversationId });
  }
}
