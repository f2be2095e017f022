import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, chatStreamsActive, llmFirstTokenSeconds } from '@backtalk/kit';
import {
  type Actor,
  type Citation,
  ErrorCode,
  fragmentId,
  type MessageStreamEvent,
  type ParsedRequestOf,
  type PersonaGetReply,
  type Subjects,
} from '@backtalk/proto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk } from '@langchain/core/messages';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import type { ChatInferenceConfig } from '../chat-inference.config';
import { LlmError, LocalLlamaChatModel, errorMessage } from '../llm';
import { type PersonaPrompt, PersonaPromptBuilder, tokenCounterFor } from '../persona-prompt';
import { CreatorCorpus } from '../persona/creator-corpus';
import { CHAT_MODEL } from '../persona/persona.tokens';
import { FreeTierService } from '../rate-limit/free-tier.service';
import type { PostDocument } from '../retrieval';
import { ChatError } from './chat.errors';
import { messageText } from './conversation.mapper';
import { ConversationRepository } from './conversation.repository';
import { MessageRepository } from './message.repository';

type SendRequest = ParsedRequestOf<typeof Subjects.ChatMessageSend>;
type StopReason = 'end_turn' | 'max_tokens' | 'error';

const RETRIEVED_POSTS = 6;
const HISTORY_TURNS = 20;
/** How often a streaming reply is written to the database, so a crash loses at most this much. */
const FLUSH_INTERVAL_MS = 750;
const MODEL_FAILED_TEXT = 'The AI could not answer right now. Please try again in a moment.';

/**
 * Sends a fan's message and streams the persona's reply: checks the
 * conversation is the fan's, the creator gate and the free tier, stores the
 * message, grounds the prompt in the creator's posts, and streams the model's
 * reply as fragments while saving it. The reply keeps generating, and is
 * stored complete, even if the caller goes away mid-stream.
 */
@Injectable()
export class SendMessage {
  private readonly logger = new Logger(SendMessage.name);

  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly corpus: CreatorCorpus,
    private readonly freeTier: FreeTierService,
    private readonly prompts: PersonaPromptBuilder,
    @Inject(CHAT_MODEL) private readonly model: BaseChatModel,
    @Inject(CONFIG) private readonly config: ChatInferenceConfig,
  ) {}

  execute(request: SendRequest): Observable<MessageStreamEvent> {
    return new Observable<MessageStreamEvent>((subscriber) => {
      this.run(request, (event) => subscriber.next(event)).then(
        () => subscriber.complete(),
        (error: unknown) => subscriber.error(error),
      );
      // No teardown on purpose: an unsubscribing caller does not stop the reply.
    });
  }

  private async run(request: SendRequest, emit: (event: MessageStreamEvent) => void): Promise<void> {
    const { actor } = request;
    const conversation = await this.conversations.findOwned(actor.userId, request.conversationId);
    if (!conversation) throw ChatError.conversationNotFound();
    const persona = await this.corpus.persona(conversation.creatorId);
    if (!persona.onboardingComplete && !persona.demoAccount && persona.userId !== actor.userId) {
      throw ChatError.creatorNotOnboarded();
    }
    const allowance = await this.freeTier.consume(actor, persona.creatorId);

    const text = request.content
      .map((block) => block.text)
      .join('\n')
      .trim();
    const userMessageId = randomUUID();
    const assistantMessageId = randomUUID();
    await this.messages.insertTurn({
      owner: actor.userId,
      conversationId: conversation.id,
      userMessageId,
      assistantMessageId,
      text,
      aiContext: request.aiContext,
    });

    chatStreamsActive.inc({ service: 'chat-inference' });
    try {
      // Building the prompt counts tokens with the model, so it may fail as the model does.
      const prompt = () =>
        this.buildPrompt(actor, persona, request, text, [userMessageId, assistantMessageId]);
      await this.stream(actor, assistantMessageId, prompt, emit, allowance.counted);
    } finally {
      chatStreamsActive.dec({ service: 'chat-inference' });
    }
  }

  private async buildPrompt(
    actor: Actor,
    persona: PersonaGetReply,
    request: SendRequest,
    text: string,
    currentTurn: string[],
  ): Promise<PersonaPrompt> {
    const posts = await this.corpus.search(persona, text, RETRIEVED_POSTS).catch((error: unknown) => {
      this.logger.warn(
        `Retrieval failed for @${persona.handle}, answering without posts: ${errorMessage(error)}`,
      );
      return [];
    });
    const history = await this.messages.recentTurns(
      actor.userId,
      request.conversationId,
      HISTORY_TURNS,
      currentTurn,
    );
    // The persona's own words may be previewed from the UI only by that creator or an admin.
    const mayOverride = actor.userId === persona.userId || actor.groups.includes('admin');
    return this.prompts.build({
      creator: {
        nickName: persona.nickName,
        handle: persona.handle,
        essencePrompt: (mayOverride && request.aiContext.creatorEssenceFromUI) || persona.essencePrompt,
        creatorPrompt: (mayOverride && request.aiContext.creatorPromptFromUI) || persona.creatorPrompt,
      },
      posts: posts.map((post) => post.doc),
      history: history.map((message) => ({ role: message.role, content: messageText(message) })),
      message: text,
      budget: { contextWindow: await this.contextWindow(), reservedReplyTokens: this.config.LLM_MAX_TOKENS },
      countTokens: tokenCounterFor(this.model),
    });
  }

  /** The configured window, or less when a local model was trained for less. */
  private async contextWindow(): Promise<number> {
    if (!(this.model instanceof LocalLlamaChatModel)) return this.config.LLM_CONTEXT_SIZE;
    return Math.min(this.config.LLM_CONTEXT_SIZE, await this.model.contextSize());
  }

  private async stream(
    actor: Actor,
    messageId: string,
    buildPrompt: () => Promise<PersonaPrompt>,
    emit: (event: MessageStreamEvent) => void,
    counted: boolean,
  ): Promise<void> {
    let seq = 0;
    let reply = '';
    let stopReason: StopReason = 'end_turn';
    let lastFlush = Date.now();
    const started = process.hrtime.bigint();
    let prompt: PersonaPrompt;
    try {
      prompt = await buildPrompt();
      const chunks = await this.model.stream(prompt.messages);
      for await (const chunk of chunks) {
        const piece = chunkText(chunk);
        if (piece) {
          if (seq === 0) {
            const seconds = Number(process.hrtime.bigint() - started) / 1e9;
            llmFirstTokenSeconds.observe(
              { service: 'chat-inference', provider: this.config.LLM_PROVIDER },
              seconds,
            );
          }
          reply += piece;
          emit({ type: 'fragment', text: piece, id: fragmentId(messageId, seq++) });
          if (Date.now() - lastFlush >= FLUSH_INTERVAL_MS) {
            lastFlush = Date.now();
            await this.messages.saveAssistant(actor.userId, messageId, { text: reply, status: 'streaming' });
          }
        }
        if (finishReason(chunk) === 'length') stopReason = 'max_tokens';
      }
    } catch (error) {
      this.logger.error(
        `Model ${this.config.LLM_PROVIDER}:${this.config.LLM_MODEL} failed for message ${messageId}: ${errorMessage(error)}`,
      );
      if (seq === 0 && counted) await this.freeTier.refund(actor);
      await this.messages.saveAssistant(actor.userId, messageId, {
        text: reply,
        status: 'failed',
        stopReason: 'error',
      });
      const code = error instanceof LlmError ? error.wireCode : ErrorCode.LlmUnavailable;
      emit({ type: 'error', code, message: MODEL_FAILED_TEXT });
      emit({ type: 'fragment', text: '', id: fragmentId(messageId, seq), stopReason: 'error' });
      return;
    }
    const citations = prompt.includedPosts.map(toCitation);
    await this.messages.saveAssistant(actor.userId, messageId, {
      text: reply,
      status: 'complete',
      stopReason,
      citations,
    });
    if (citations.length) emit({ type: 'citations', messageId, citations });
    emit({ type: 'fragment', text: '', id: fragmentId(messageId, seq), stopReason });
  }
}

function chunkText(chunk: AIMessageChunk): string {
  if (typeof chunk.content === 'string') return chunk.content;
  return chunk.content
    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function finishReason(chunk: AIMessageChunk): string | undefined {
  const metadata = chunk.response_metadata as { finish_reason?: string; stop_reason?: string } | undefined;
  return metadata?.finish_reason ?? (metadata?.stop_reason === 'max_tokens' ? 'length' : undefined);
}

function toCitation(post: PostDocument): Citation {
  return { postId: post.postId, date: post.tikTokCreatedAt, url: post.url, caption: post.caption };
}
