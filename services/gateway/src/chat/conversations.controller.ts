import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { ServiceClient, ValidationError } from '@backtalk/kit';
import { type Actor, fragmentSeqOf, REPLY_LIVENESS_MS, Subjects } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { CurrentActor } from '../auth/auth.guard';
import { GatewayConfig } from '../gateway.config';
import {
  ConversationIdParams,
  ConversationOpenBody,
  ConversationResponse,
  MessageListQuery,
  MessageListResponse,
  RateLimitBody,
  RateLimitResponse,
  ReplyStreamParams,
  SendMessageBody,
} from './dto/chat.dto';
import { clientOrigin } from '../security/client-origin';
import { ChatReplyRelay } from './chat-reply-relay';

@ApiTags('chat')
@ApiBearerAuth()
@Controller('api')
export class ConversationsController {
  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  /** The fan's conversation with a creator (one per fan and creator). */
  @Post('conversations')
  @ApiCreatedResponse({ type: ConversationResponse })
  open(@CurrentActor() actor: Actor, @Body() body: ConversationOpenBody): Promise<ConversationResponse> {
    return this.client.request(Subjects.ChatConversationOpen, { actor, creatorId: body.creatorId });
  }

  @Get('conversations/:id/messages')
  @ApiOkResponse({ type: MessageListResponse })
  messages(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
    @Query() query: MessageListQuery,
  ): Promise<MessageListResponse> {
    return this.client.request(Subjects.ChatMessageList, { actor, conversationId: id, ...query });
  }

  /**
   * Sends a message; the reply streams back as Server-Sent Events (fragment, citations, error).
   * The handler returns at once: the relay alone holds the stream, not Nest's handler chain.
   */
  @Post('conversations/:id/messages')
  @ApiProduces('text/event-stream')
  send(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
    @Body() body: SendMessageBody,
    @Req() request: Request,
    @Res() response: Response,
  ): void {
    const relay = new ChatReplyRelay(response, this.config.CHAT_STREAM_TIMEOUT_MS);
    relay.call = this.client.open(
      Subjects.ChatMessageSend,
      {
        actor,
        conversationId: id,
        content: body.content,
        aiContext: body.aiContext ?? {},
        origin: clientOrigin(request),
        // The crisis card's country (docs/safety.md); bounded to what the contract accepts.
        ...(request.headers['accept-language']
          ? { acceptLanguage: request.headers['accept-language'].slice(0, 512) }
          : {}),
      },
      relay,
      { firstMs: REPLY_LIVENESS_MS, eachMs: REPLY_LIVENESS_MS },
    );
  }

  /**
   * Attaches to a reply of the fan's conversation from any tab, device or gateway replica
   * (docs/architecture.md, "Replies that resume anywhere"): the fragments after `Last-Event-ID`
   * (a fragment id of this reply) are replayed, then the reply continues live; without the
   * header the reply so far comes as one `message` event. The same events as the send's stream.
   */
  @Get('conversations/:id/messages/:messageId/stream')
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The last fragment id received.' })
  attach(
    @CurrentActor() actor: Actor,
    @Param() { id, messageId }: ReplyStreamParams,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() response: Response,
  ): void {
    let after: number | undefined;
    if (lastEventId !== undefined && lastEventId !== '') {
      const seq = fragmentSeqOf(lastEventId, messageId);
      if (seq === null) throw new ValidationError('Last-Event-ID must be a fragment id of this reply.');
      after = seq;
    }
    const relay = new ChatReplyRelay(response, this.config.CHAT_STREAM_TIMEOUT_MS);
    relay.call = this.client.open(
      Subjects.ChatMessageAttach,
      { actor, conversationId: id, messageId, ...(after === undefined ? {} : { after }) },
      relay,
      { firstMs: REPLY_LIVENESS_MS, eachMs: REPLY_LIVENESS_MS },
    );
  }

  /** Spec §5: asked before every send; an empty message is the status check on mount. */
  @Post('chat/rate-limit')
  @HttpCode(200)
  @ApiOkResponse({ type: RateLimitResponse })
  rateLimit(
    @CurrentActor() actor: Actor,
    @Body() body: RateLimitBody,
    @Req() request: Request,
  ): Promise<RateLimitResponse> {
    return this.client.request(Subjects.ChatRateLimitCheck, {
      actor,
      creatorId: body.creatorId,
      message: body.message,
      origin: clientOrigin(request),
    });
  }
}
