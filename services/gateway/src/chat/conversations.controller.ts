import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
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
  ConversationDeleteResponse,
  ConversationIdParams,
  ConversationListResponse,
  ConversationOpenBody,
  ConversationReadResponse,
  ConversationRenameBody,
  ConversationResponse,
  ConversationSearchQuery,
  ConversationSearchResponse,
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

  /**
   * The fan's latest conversation with a creator (created when there is none); `fresh: true`
   * ("New chat") starts a new one.
   */
  @Post('conversations')
  @ApiCreatedResponse({ type: ConversationResponse })
  open(@CurrentActor() actor: Actor, @Body() body: ConversationOpenBody): Promise<ConversationResponse> {
    return this.client.request(Subjects.ChatConversationOpen, {
      actor,
      creatorId: body.creatorId,
      ...(body.fresh === undefined ? {} : { fresh: body.fresh }),
    });
  }

  // "My chats" (issue 24 item 1; docs/chat.md): chat-inference answers only the caller's own
  // conversations; another fan's id is 404 CONVERSATION_NOT_FOUND.

  /** Every conversation of the caller across creators, newest activity first, with unread replies. */
  @Get('conversations')
  @ApiOkResponse({ type: ConversationListResponse })
  list(@CurrentActor() actor: Actor): Promise<ConversationListResponse> {
    return this.client.request(Subjects.ChatConversationList, { actor });
  }

  /** Searches the caller's own messages (`q`, 2..200 characters, case-insensitive), newest first. */
  @Get('conversations/search')
  @ApiOkResponse({ type: ConversationSearchResponse })
  search(
    @CurrentActor() actor: Actor,
    @Query() { q }: ConversationSearchQuery,
  ): Promise<ConversationSearchResponse> {
    return this.client.request(Subjects.ChatConversationSearch, { actor, q });
  }

  @Get('conversations/:id')
  @ApiOkResponse({ type: ConversationResponse })
  get(@CurrentActor() actor: Actor, @Param() { id }: ConversationIdParams): Promise<ConversationResponse> {
    return this.client.request(Subjects.ChatConversationGet, { actor, conversationId: id });
  }

  @Patch('conversations/:id')
  @ApiOkResponse({ type: ConversationResponse })
  rename(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
    @Body() { title }: ConversationRenameBody,
  ): Promise<ConversationResponse> {
    return this.client.request(Subjects.ChatConversationRename, { actor, conversationId: id, title });
  }

  /** Erases the conversation and its messages (the free-tier allowance already used stays used). */
  @Delete('conversations/:id')
  @ApiOkResponse({ type: ConversationDeleteResponse })
  delete(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
  ): Promise<ConversationDeleteResponse> {
    return this.client.request(Subjects.ChatConversationDelete, { actor, conversationId: id });
  }

  /** The fan has seen the conversation up to now: its replies so far are read. */
  @Put('conversations/:id/read')
  @ApiOkResponse({ type: ConversationReadResponse })
  read(
    @CurrentActor() actor: Actor,
    @Param() { id }: ConversationIdParams,
  ): Promise<ConversationReadResponse> {
    return this.client.request(Subjects.ChatConversationRead, { actor, conversationId: id });
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
