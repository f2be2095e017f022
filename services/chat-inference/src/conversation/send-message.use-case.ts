import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  ServiceError,
  busyErrorOf,
  chatStreamsActive,
  llmFirstTokenSeconds,
  renderError,
  safePostLink,
} from '@backtalk/kit';
import {
  type Actor,
  ChatErrorCode,
  type ChatMessage,
  type Citation,
  ErrorCode,
  fragmentId,
  isAdmin,
  type MessageStreamEvent,
  type ParsedRequestOf,
  type PersonaGetReply,
  type Subjects,
} from '@backtalk/proto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { ChatInferenceConfig } from '../chat-inference.config';
import {
  LlmBusyError,
  LocalLlamaChatModel,
  type PostDocument,
  errorMessage,
  streamReplyTo,
  tokenCounterFor,
} from '@backtalk/ai';
import {
  type PersonaPrompt,
  PersonaPromptBuilder,
  PromptLeakGuard,
  PersonaPromptError,
  PersonaPromptErrorCode,
  type TokenBudget,
} from '../persona-prompt';
import { CreatorCorpus } from '../persona/creator-corpus';
import { InsightsService } from '../insights/insights.service';
import { CHAT_MODEL } from '../persona/persona.tokens';
import { type FreeTierTicket, FreeTierService } from '../rate-limit/free-tier.service';
import {
  type Audience,
  audienceOfActor,
  ChatModeration,
  type FanMessageDecision,
} from '../safety/chat-moderation';
import { assertOldEnough } from '../safety/age-gate';
import { crisisCareForFan, crisisCareText } from '../safety/crisis-care';
import type { ModeratedReply, ReplyCheck } from '../safety/moderated-reply';
import { onlyBoundaries } from '../safety/boundary-check';
import { boundaryDecline, type PersonaBoundary } from '../safety/boundary-decline';
import { heldMessageNotice, REPLACED_REPLY_TEXT } from '../safety/safety-notices';
import { ChatStanding } from '../reports/chat-standing';
import { answerLanguage, languageRule } from '../language';
import { FanMemoryService } from '../memory/fan-memory.service';
import { ReplySampling } from '../reply-samples/reply-sampling.service';
import { InPersonHold } from '../inbox/in-person-hold';
import { ChatError } from './chat.errors';
import { FragmentCoalescer } from './fragment-coalescer';
import { ConversationRepository } from './conversation.repository';
import { type HistoryTurn, MessageRepository, type StoredVerdict } from './message.repository';
import { ReplyProgressWriter } from './reply-progress';
import { LiveReplies } from './live-replies';

type SendRequest = ParsedRequestOf<typeof Subjects.ChatMessageSend>;
type StopReason = 'end_turn' | 'max_tokens' | 'error';

const RETRIEVED_POSTS = 6;
const HISTORY_TURNS = 20;
/** Model pieces closer together than this go out as one fragment (the first one never waits). */
const FRAGMENT_WINDOW_MS = 15;

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
    private readonly progress: ReplyProgressWriter,
    private readonly corpus: CreatorCorpus,
    private readonly freeTier: FreeTierService,
    private readonly prompts: PersonaPromptBuilder,
    @Inject(CHAT_MODEL) private readonly model: BaseChatModel,
    private readonly config: ChatInferenceConfig,
    private readonly moderation: ChatModeration,
    private readonly standing: ChatStanding,
    private readonly live: LiveReplies,
    // Insights (docs/insights.md); optional so the use case runs without them in focused tests.
    @Optional() private readonly insights?: InsightsService,
    // What the persona remembers about the fan (issue 24 item 2); optional like insights.
    @Optional() private readonly memory?: FanMemoryService,
    // In-person replies (issue 23 item 5); optional like insights.
    @Optional() private readonly inPerson?: InPersonHold,
    // Replies sampled for the creator's review (issue 23 item 4); optional like insights.
    @Optional() private readonly samples?: ReplySampling,
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
    // Which creator the conversation is with never changes: known after the fan's first send on
    // this replica. Whether it is still the fan's is checked again by send_turn, which stores the turn.
    const conversation = await this.conversations.findOwnedCreator(actor.userId, request.conversationId);
    if (!conversation) throw ChatError.conversationNotFound();
    const text = request.content
      .map((block) => block.text)
      .join('\n')
      .trim();
    const audience = audienceOfActor(actor);
    // The subscription lookup and the fan message's moderation need only the creator's id and the
    // text: they run beside the persona's.
    const personaReply = this.corpus.personaForSend(conversation.creatorId);
    const [persona, unlimited, decision] = await Promise.all([
      personaReply,
      this.freeTier.isUnlimited(actor, conversation.creatorId, personaReply),
      this.moderation.checkFanMessage(text, audience),
    ]);
    assertOldEnough(actor, persona);
    // Spec §4 creator gate: fans wait until the creator is initialised and can be paid; the
    // creator's own user and demo accounts skip it.
    if (
      !persona.demoAccount &&
      persona.userId !== actor.userId &&
      (!persona.initComplete || !(await this.corpus.onboardingComplete(persona.creatorId)))
    ) {
      throw ChatError.creatorNotOnboarded();
    }
    if (decision.heldFor)
      return this.answerHeldBack(request, persona, request.conversationId, text, decision, emit);
    const mayOverride = mayOverridePrompts(actor, persona);
    // A message the persona cannot answer (too long for the model, the model's queue full) is still
    // the creator's when they hold the thread in person: its refusal waits for send_turn's answer.
    const refusal = await this.checkLength(persona, request, text, mayOverride)
      .then(() => this.checkModelQueue())
      .then(
        () => null,
        (error: unknown) => ({ error }),
      );

    const userMessageId = randomUUID();
    const assistantMessageId = randomUUID();
    // One statement: the fan's standing, the in-person hold, the reply cap, the allowance and the
    // stored turn succeed or fail together, so a message PostgreSQL refuses never costs the fan a
    // message. The allowance is checked first: a fan at the limit is told about the limit (and how
    // to lift it).
    let ticket = this.freeTier.allowance(actor, unlimited, request.origin);
    // The same round trip answers with the history the model is shown (HISTORY_TURNS before this
    // one) and, memory on, what the persona remembers of the fan.
    const storeTurn = () =>
      this.messages.sendTurn(
        {
          owner: actor.userId,
          conversationId: request.conversationId,
          userMessageId,
          assistantMessageId,
          text,
          aiContext: mayOverride && Object.keys(request.aiContext).length > 0 ? request.aiContext : null,
          verdict: decision.verdict,
          notice: null,
        },
        ticket,
        this.config.CHAT_MAX_CONCURRENT_REPLIES_PER_USER,
        {
          historyTurns: HISTORY_TURNS,
          inPerson: this.inPerson !== undefined,
          memory: this.memory !== undefined,
          store: refusal === null,
        },
      );
    const turn = await storeTurn().catch(async (error: unknown) => {
      if (!(error instanceof ServiceError && error.code === ErrorCode.RateLimited)) throw error;
      // Its "not subscribed" may be this replica's copy: billing is asked before refusing, so a fan
      // who just subscribed is never refused (docs/architecture.md, "Facts a send reads …").
      if (await this.freeTier.subscribedAfterAll(actor, conversation.creatorId, ticket)) {
        ticket = this.freeTier.allowance(actor, true, request.origin);
        return storeTurn();
      }
      // The creator's funnel counts fans who met the limit in their chat.
      await this.freeTier.limitReached(actor, conversation.creatorId);
      throw error;
    });
    // The creator holds the thread in person: their persona is paused there (docs/architecture.md, "Inbox").
    if (turn.heldInPerson) return this.inPerson?.announceFanMessage(turn.heldInPerson);
    if (refusal) throw refusal.error;
    const { history } = turn;
    const fanMemory = turn.memory ? this.memory?.promptBlock(actor, turn.memory) : undefined;

    this.progress.begin(assistantMessageId);
    chatStreamsActive.inc({ service: 'chat-inference' });
    // Every event is also kept for the fan's other tabs and devices, which may attach to the reply.
    const emitLive = this.live.begin(assistantMessageId, actor.userId, emit);
    try {
      // Building the prompt counts tokens with the model, so it may fail as the model does.
      const prompt = () => this.buildPrompt(actor, persona, request, text, history, fanMemory);
      await this.stream(
        actor,
        assistantMessageId,
        prompt,
        emitLive,
        ticket,
        audience,
        persona.boundaries ?? [],
      );
    } finally {
      this.live.end(assistantMessageId);
      chatStreamsActive.dec({ service: 'chat-inference' });
    }
    // What to remember of the fan's message is asked in the background (issue 24 item 2).
    await this.memory?.afterTurn(actor, conversation.creatorId, userMessageId);
    // A completed reply may be kept for the creator's review (docs/creators.md, "Sampled replies").
    await this.samples?.afterReply(actor, persona, userMessageId, assistantMessageId);
  }

  /**
   * A fan message moderation held back never reaches the model: it is stored with its verdict and
   * answered at once — by the crisis card when it shows a risk of self-harm, else by a calm notice
   * that says why — taking no allowance and no reply slot (docs/safety.md).
   */
  private async answerHeldBack(
    request: SendRequest,
    persona: PersonaGetReply,
    conversationId: string,
    text: string,
    decision: FanMessageDecision,
    emit: (event: MessageStreamEvent) => void,
  ): Promise<void> {
    const { actor } = request;
    const care = decision.heldFor === 'crisis-care' ? crisisCareForFan(text, request.acceptLanguage) : null;
    const notice = {
      kind: decision.heldFor!,
      text: care
        ? crisisCareText(care, persona.nickName)
        : heldMessageNotice(decision.verdict?.categories ?? []),
      care,
    };
    const assistantMessageId = randomUUID();
    const createdAt = new Date();
    await this.messages.sendTurn(
      {
        owner: actor.userId,
        conversationId,
        userMessageId: randomUUID(),
        assistantMessageId,
        text,
        aiContext: null,
        verdict: decision.verdict,
        notice,
      },
      this.freeTier.allowance(actor, true, request.origin),
      this.config.CHAT_MAX_CONCURRENT_REPLIES_PER_USER,
    );
    // (A fan whose standing stops them was refused by send_turn before anything was stored.)
    // Repeated blocks cool the fan down (docs/safety.md, "Reports"); a fan in crisis is never counted.
    if (decision.heldFor === 'safety-notice')
      await this.standing
        .recordBlockedMessage(actor.userId)
        .catch((error: unknown) =>
          this.logger.warn(`Could not count a blocked message: ${errorMessage(error)}`),
        );
    const message: ChatMessage = {
      id: assistantMessageId,
      role: 'assistant',
      content: notice.text,
      createdAt: createdAt.toISOString(),
      status: 'complete',
      citations: [],
      kind: notice.kind,
      ...(care ? { care } : {}),
    };
    emit({ type: 'message', message });
    emit({ type: 'fragment', text: '', id: fragmentId(assistantMessageId, 0), stopReason: 'end_turn' });
  }

  /**
   * Refuses, before anything is stored or charged, a message that cannot fit
   * the model's prompt budget even without posts or history. When the model
   * cannot count tokens (it is unavailable) the send goes on and reports that.
   */
  private async checkLength(
    persona: PersonaGetReply,
    request: SendRequest,
    text: string,
    mayOverride: boolean,
  ): Promise<void> {
    try {
      await this.prompts.build({
        creator: this.creatorOf(persona, request, mayOverride),
        posts: [],
        history: [],
        message: text,
        budget: await this.budget(),
        countTokens: tokenCounterFor(this.model),
      });
    } catch (error) {
      // Leaves as MESSAGE_TOO_LONG with its fan-facing text; the token counts are for the log.
      if (error instanceof PersonaPromptError && error.code === PersonaPromptErrorCode.MessageTooLong) {
        throw new ChatError(error.code);
      }
      this.logger.warn(`Could not check the message length before sending: ${errorMessage(error)}`);
    }
  }

  /**
   * A local model whose wait queue is full answers 503 MODEL_BUSY before
   * anything is stored or charged. A send that races past this check is
   * refused by the queue itself and handled like any model failure.
   */
  private async checkModelQueue(): Promise<void> {
    if (!(this.model instanceof LocalLlamaChatModel)) return;
    const full = await this.model.queueFull().catch(() => false);
    if (full) throw new LlmBusyError(`The local model ${this.config.LLM_MODEL} has a full wait queue`);
  }

  private creatorOf(persona: PersonaGetReply, request: SendRequest, mayOverride: boolean) {
    // The persona's own words may be previewed from the UI only by that creator or an admin.
    return {
      nickName: persona.nickName,
      handle: persona.handle,
      essencePrompt: (mayOverride && request.aiContext.creatorEssenceFromUI) || persona.essencePrompt,
      creatorPrompt: (mayOverride && request.aiContext.creatorPromptFromUI) || persona.creatorPrompt,
      boundaries: persona.boundaries ?? [],
    };
  }

  private async budget(): Promise<TokenBudget> {
    return { contextWindow: await this.contextWindow(), reservedReplyTokens: this.config.LLM_MAX_TOKENS };
  }

  private async buildPrompt(
    actor: Actor,
    persona: PersonaGetReply,
    request: SendRequest,
    text: string,
    turns: HistoryTurn[],
    fanMemory: string | undefined,
  ): Promise<PersonaPrompt> {
    const posts = await this.corpus.search(persona, text, RETRIEVED_POSTS).catch((error: unknown) => {
      this.logger.warn(
        `Retrieval failed for @${persona.handle}, answering without posts: ${errorMessage(error)}`,
      );
      return [];
    });
    // Insights (docs/insights.md): the fan's question and whether the posts answer it, stored for
    // the creator's topics and video ideas; the creator's own questions to their persona do not count.
    if (persona.userId !== actor.userId)
      void this.insights?.record({
        creatorId: persona.creatorId,
        fanId: actor.userId,
        text,
        posts: posts.map((post) => post.doc),
      });
    const fanTurns = turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    return this.prompts.build({
      creator: this.creatorOf(persona, request, mayOverridePrompts(actor, persona)),
      posts: posts.map((post) => post.doc),
      history: turns,
      message: text,
      budget: await this.budget(),
      countTokens: tokenCounterFor(this.model),
      fanIsMinor: audienceOfActor(actor) === 'minor',
      languageRule: languageRule(answerLanguage(text, fanTurns)),
      fanMemory,
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
    ticket: FreeTierTicket,
    audience: Audience,
    boundaries: readonly PersonaBoundary[],
  ): Promise<void> {
    const fragments = new FragmentCoalescer(messageId, FRAGMENT_WINDOW_MS, emit);
    let reply = '';
    /** Everything the model wrote, shown or not: kept for review only if the reply is replaced. */
    let generated = '';
    let checked: ModeratedReply | null = null;
    const stopModel = new AbortController();
    let stopReason: StopReason = 'end_turn';
    let replyVerdict: StoredVerdict | undefined;
    const started = process.hrtime.bigint();
    let prompt: PersonaPrompt;
    try {
      prompt = await buildPrompt();
      // A reply quoting the prompt's canary is quoting its instructions: stopped before it shows.
      const leakGuard = new PromptLeakGuard(prompt.canary);
      const show = (piece: string) => {
        if (fragments.sent === 0) {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          llmFirstTokenSeconds.observe(
            { service: 'chat-inference', provider: this.config.LLM_PROVIDER },
            seconds,
          );
        }
        reply += piece;
        fragments.push(piece);
        // Saved periodically beside the stream, with every other reply's (ReplyProgressWriter).
        this.progress.update(actor.userId, messageId, reply);
      };
      // Only text the moderator passed is shown (and saved); with no moderator, all of it at once.
      checked = this.moderation.reply(audience, show, boundaries);
      const pass = (piece: string) => {
        generated += piece;
        if (checked) checked.push(piece);
        else show(piece);
      };
      // Each piece of the model's text comes to this callback as its stream delivers it (no
      // message object, iterator step or promise per token: streamReplyTo).
      const end = await streamReplyTo(
        this.model,
        prompt.messages,
        (text) => {
          const piece = leakGuard.push(text);
          if (leakGuard.leaked) {
            this.logger.warn(
              `Stopped reply ${messageId}: it quoted the system prompt's canary (prompt leak, OWASP LLM07)`,
            );
            throw ChatError.replyStopped();
          }
          if (piece) pass(piece);
          // A flagged piece ends the reply: the model need not write the rest.
          return checked?.stopped === true;
        },
        { signal: stopModel.signal },
      );
      if (end.finishReason === 'length') stopReason = 'max_tokens';
      const rest = leakGuard.flush();
      if (rest && !checked?.stopped) pass(rest);
      const verdict = await checked?.end();
      fragments.flush();
      if (verdict?.flagged) {
        await this.replaceFlagged(actor, messageId, generated, verdict, emit, boundaries);
        fragments.end('end_turn');
        return;
      }
      if (verdict) replyVerdict = verdict;
    } catch (error) {
      stopModel.abort();
      checked?.abandon();
      this.logger.error(
        `Model ${this.config.LLM_PROVIDER}:${this.config.LLM_MODEL} failed for message ${messageId}: ${errorMessage(error)}`,
      );
      // What was shown stays shown (the leak guard let it through); the rest is never sent.
      fragments.flush();
      if (fragments.sent === 0) await this.freeTier.refund(actor, ticket);
      await this.progress.finish(messageId);
      await this.messages.saveAssistant(actor.userId, messageId, {
        text: reply,
        status: 'failed',
        stopReason: 'error',
      });
      emit({ type: 'error', ...streamErrorOf(error) });
      fragments.end('error');
      return;
    }
    const citations = prompt.includedPosts.map((post) => toCitation(post, prompt.creatorName));
    await this.progress.finish(messageId);
    await this.messages.saveAssistant(actor.userId, messageId, {
      text: reply,
      status: 'complete',
      stopReason,
      citations,
      ...(replyVerdict ? { verdict: replyVerdict } : {}),
    });
    if (citations.length) emit({ type: 'citations', messageId, citations });
    fragments.end(stopReason);
  }

  /**
   * A reply the moderator flagged never shows (only pieces checked before it did): the store and
   * the fan's chat get a safe message instead — the creator's decline when it crossed only their
   * boundaries — and the flagged text is kept only for review (retention erases it). It still
   * counts as a message: the model ran (docs/safety.md).
   */
  private async replaceFlagged(
    actor: Actor,
    messageId: string,
    generated: string,
    verdict: ReplyCheck,
    emit: (event: MessageStreamEvent) => void,
    boundaries: readonly PersonaBoundary[],
  ): Promise<void> {
    const text = onlyBoundaries(verdict.categories)
      ? boundaryDecline(verdict.boundaryIds ?? [], boundaries).text
      : REPLACED_REPLY_TEXT;
    this.moderation.replaced(messageId, verdict);
    await this.progress.finish(messageId);
    await this.messages.saveAssistant(actor.userId, messageId, {
      text,
      status: 'complete',
      stopReason: 'end_turn',
      citations: [],
      verdict,
      flaggedText: generated,
    });
    emit({
      type: 'message',
      message: {
        id: messageId,
        role: 'assistant',
        content: text,
        createdAt: new Date().toISOString(),
        status: 'complete',
        citations: [],
        moderated: true,
      },
    });
  }
}

function mayOverridePrompts(actor: Actor, persona: PersonaGetReply): boolean {
  return actor.userId === persona.userId || isAdmin(actor);
}

/**
 * What the fan is told when the reply fails: the error's own code and text
 * (model, prompt and index errors carry theirs, converted where they enter);
 * anything else counts as the model failing.
 */
function streamErrorOf(error: unknown): { code: string; message: string } {
  const failure =
    error instanceof ServiceError
      ? error
      : (busyErrorOf(error) ?? new ServiceError(ChatErrorCode.LlmUnavailable));
  const { code, message } = renderError(failure).body;
  return { code, message };
}

function toCitation(post: PostDocument, creatorName: string): Citation {
  // The index may hold posts stored before links were checked at ingestion (issue 21 item 17).
  return {
    postId: post.postId,
    date: post.tikTokCreatedAt,
    url: safePostLink(post.url),
    caption: post.caption,
    // A corrected answer is cited "Answered by <creator>", a note as the creator's (docs/creators.md, "Knowledge").
    ...(post.source ? { source: post.source, by: creatorName } : {}),
  };
}
