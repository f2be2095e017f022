import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { LlmTimeoutError, isAbortError, toLlmError } from './llm.error';

export interface GuardedChatModelOptions {
  inner: BaseChatModel;
  provider: string;
  model: string;
  /**
   * Fail with LlmTimeoutError when no chunk arrives for this long (before the
   * first token, or between tokens). Undefined: no guard (the local model,
   * whose first call may be a long download, bounds itself).
   */
  idleTimeoutMs?: number;
}

/**
 * Wraps a provider's chat model so every failure surfaces as a typed LlmError
 * with a clear message, and a provider that stops answering fails instead of
 * hanging. Aborts by the caller pass through unchanged.
 */
export class GuardedChatModel extends BaseChatModel {
  readonly inner: BaseChatModel;
  readonly provider: string;
  readonly model: string;
  private readonly idleTimeoutMs?: number;

  static override lc_name(): string {
    return 'GuardedChatModel';
  }

  constructor(options: GuardedChatModelOptions) {
    super({});
    this.inner = options.inner;
    this.provider = options.provider;
    this.model = options.model;
    this.idleTimeoutMs = options.idleTimeoutMs;
  }

  _llmType(): string {
    // The base constructor asks before `inner` is assigned.
    return this.inner ? this.inner._llmType() : 'guarded';
  }

  override async getNumTokens(content: MessageContent): Promise<number> {
    return this.inner.getNumTokens(content);
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const guard = new IdleGuard(options.signal, this.idleTimeoutMs);
    try {
      const message = await guard.race(this.inner.invoke(messages, this.innerOptions(options, guard.signal)));
      return {
        generations: [{ text: message.text, message, generationInfo: { ...message.response_metadata } }],
      };
    } catch (error) {
      throw this.mapError(error, guard, options.signal);
    } finally {
      guard.dispose();
    }
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const guard = new IdleGuard(options.signal, this.idleTimeoutMs);
    let iterator: AsyncIterator<AIMessageChunk> | undefined;
    try {
      const stream = await guard.race(this.inner.stream(messages, this.innerOptions(options, guard.signal)));
      iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        const next = await guard.race(iterator.next());
        if (next.done) break;
        const message = next.value;
        const text = typeof message.content === 'string' ? message.content : message.text;
        const chunk = new ChatGenerationChunk({
          text,
          message,
          generationInfo: { ...message.response_metadata },
        });
        yield chunk;
        if (text)
          await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
      }
    } catch (error) {
      throw this.mapError(error, guard, options.signal);
    } finally {
      guard.dispose();
      await iterator?.return?.().catch(() => undefined);
    }
  }

  /** The outer run reports to LangChain callbacks; the inner call only gets what shapes the request. */
  private innerOptions(options: BaseChatModelCallOptions, signal: AbortSignal) {
    return { stop: options.stop, signal };
  }

  private mapError(error: unknown, guard: IdleGuard, signal?: AbortSignal): unknown {
    if (guard.timedOut) {
      return new LlmTimeoutError(
        `The ${this.provider} model "${this.model}" sent nothing for ${this.idleTimeoutMs} ms`,
        {
          provider: this.provider,
          model: this.model,
        },
      );
    }
    if (signal?.aborted) return isAbortError(error) ? error : signal.reason;
    return toLlmError(error, { provider: this.provider, model: this.model });
  }
}

/** An abort signal that fires on the caller's abort or after idleTimeoutMs without progress. */
class IdleGuard {
  readonly signal: AbortSignal;
  timedOut = false;
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;
  private readonly onAbort = () => this.controller.abort(this.parent?.reason);

  constructor(
    private readonly parent: AbortSignal | undefined,
    private readonly idleTimeoutMs: number | undefined,
  ) {
    this.signal = this.controller.signal;
    if (parent?.aborted) this.controller.abort(parent.reason);
    parent?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Awaits one step; the idle clock restarts for each. */
  async race<T>(step: Promise<T>): Promise<T> {
    if (this.idleTimeoutMs === undefined) return step;
    clearTimeout(this.timer);
    const timeout = new Promise<never>((_, reject) => {
      this.timer = setTimeout(() => {
        this.timedOut = true;
        this.controller.abort(new Error('idle timeout'));
        reject(new Error('idle timeout'));
      }, this.idleTimeoutMs);
    });
    try {
      return await Promise.race([step, timeout]);
    } finally {
      clearTimeout(this.timer);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.parent?.removeEventListener('abort', this.onAbort);
  }
}
