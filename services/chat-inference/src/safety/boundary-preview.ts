import { Inject, Injectable } from '@nestjs/common';
import { LlmBusyError, LocalLlamaChatModel, streamReply, tokenCounterFor } from '@backtalk/ai';
import { ServiceError } from '@backtalk/kit';
import {
  type BoundaryInput,
  type BoundaryPreviewReply,
  ErrorCode,
  type ParsedRequestOf,
  type PersonaGetReply,
  type Subjects,
} from '@backtalk/proto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatInferenceConfig } from '../chat-inference.config';
import { type ChatTurn, PersonaPromptBuilder, PromptLeakGuard } from '../persona-prompt';
import { CreatorCorpus } from '../persona/creator-corpus';
import { CHAT_MODEL } from '../persona/persona.tokens';
import { onlyBoundaries } from './boundary-check';
import { boundaryDecline, type PersonaBoundary } from './boundary-decline';
import { ChatModeration } from './chat-moderation';
import { crisisCareFor, crisisCareText } from './crisis-care';
import { heldMessageNotice, REPLACED_REPLY_TEXT } from './safety-notices';

type PreviewRequest = ParsedRequestOf<typeof Subjects.ChatBoundaryPreview>;

const RETRIEVED_POSTS = 6;
/** The preview answers within this, or fails: the gateway waits a little longer (PREVIEW_TIMEOUT_MS there). */
const PREVIEW_DEADLINE_MS = 45_000;

/**
 * The boundary preview on /creator/tools (docs/safety.md, "Creator boundaries"): a fan question
 * answered as a fan's would be — the persona prompt with the boundaries as edited, the reply
 * through the moderator and the boundary checks — but with no conversation, nothing stored and
 * nothing counted. The creator's own user only. It previews for an adult fan.
 */
@Injectable()
export class BoundaryPreview {
  constructor(
    private readonly corpus: CreatorCorpus,
    private readonly prompts: PersonaPromptBuilder,
    @Inject(CHAT_MODEL) private readonly model: BaseChatModel,
    private readonly config: ChatInferenceConfig,
    private readonly moderation: ChatModeration,
  ) {}

  async run({ actor, creatorId, question, boundaries }: PreviewRequest): Promise<BoundaryPreviewReply> {
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== actor.userId)
      throw new ServiceError(ErrorCode.Forbidden, "Only the creator can preview their persona's boundaries.");
    return this.answer(persona, question, boundaries, { creatorPrompt: persona.creatorPrompt, history: [] });
  }

  /**
   * A question answered by `persona` with the given prompt, boundaries and earlier turns, as a
   * fan's would be; nothing stored or counted. Also /creator/preview's draft and published
   * answers (preview/persona-preview.ts).
   */
  async answer(
    persona: PersonaGetReply,
    question: string,
    boundaries: readonly BoundaryInput[],
    { creatorPrompt, history }: { creatorPrompt: string; history: readonly ChatTurn[] },
  ): Promise<BoundaryPreviewReply> {
    const list: PersonaBoundary[] = boundaries.map((boundary, index) => ({
      id: `preview-${index}`,
      topic: boundary.topic,
      decline: boundary.decline || null,
    }));
    const decision = await this.moderation.checkFanMessage(question, 'adult');
    if (decision.heldFor) {
      const text =
        decision.heldFor === 'crisis-care'
          ? crisisCareText(crisisCareFor(null), persona.nickName)
          : heldMessageNotice(decision.verdict?.categories ?? []);
      return { outcome: 'held-back', text, topic: null };
    }
    if (this.model instanceof LocalLlamaChatModel && (await this.model.queueFull().catch(() => false)))
      throw new LlmBusyError(`The local model ${this.config.LLM_MODEL} has a full wait queue`);

    const posts = await this.corpus.search(persona, question, RETRIEVED_POSTS).catch(() => []);
    const prompt = await this.prompts.build({
      creator: {
        nickName: persona.nickName,
        handle: persona.handle,
        essencePrompt: persona.essencePrompt,
        creatorPrompt,
        boundaries: list,
      },
      posts: posts.map((post) => post.doc),
      history,
      message: question,
      budget: { contextWindow: await this.contextWindow(), reservedReplyTokens: this.config.LLM_MAX_TOKENS },
      countTokens: tokenCounterFor(this.model),
    });
    let shown = '';
    const checked = this.moderation.reply('adult', (piece) => (shown += piece), list);
    const leakGuard = new PromptLeakGuard(prompt.canary);
    for await (const chunk of streamReply(this.model, prompt.messages, {
      signal: AbortSignal.timeout(PREVIEW_DEADLINE_MS),
    })) {
      const piece = leakGuard.push(typeof chunk.content === 'string' ? chunk.content : '');
      if (leakGuard.leaked) return { outcome: 'replaced', text: REPLACED_REPLY_TEXT, topic: null };
      if (checked) checked.push(piece);
      else shown += piece;
      if (checked?.stopped) break;
    }
    const rest = leakGuard.flush();
    if (checked && !checked.stopped) checked.push(rest);
    else if (!checked) shown += rest;
    const verdict = await checked?.end();
    if (!verdict?.flagged) return { outcome: 'answered', text: shown.trim(), topic: null };
    if (onlyBoundaries(verdict.categories)) {
      const { text, topic, checkFailed } = boundaryDecline(verdict.boundaryIds ?? [], list);
      return { outcome: 'declined', text, topic, ...(checkFailed ? { checkFailed } : {}) };
    }
    return { outcome: 'replaced', text: REPLACED_REPLY_TEXT, topic: null };
  }

  /** The configured window, or less when a local model was trained for less. */
  private async contextWindow(): Promise<number> {
    if (!(this.model instanceof LocalLlamaChatModel)) return this.config.LLM_CONTEXT_SIZE;
    return Math.min(this.config.LLM_CONTEXT_SIZE, await this.model.contextSize());
  }
}
