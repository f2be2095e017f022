import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import type { BaseMessage, MessageContent } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { LlmTimeoutError, isAbortError, toLlmError } from './llm.error';
import type { ReplyEnd, ReplyTextSink } from './openai-chat-stream';
import { streamsItself } from './reply-stream';

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
  /**
   * Reads the provider's reply stream itself, token by token into a callback (streamReplyTo):
   * the OpenAI-compatible provider's OpenAiChatStream. It times itself out and reports typed
   * LlmErrors as this model does.
   */
  direct?: DirectReplyStream;
}

/** A provider's streamed reply read without LangChain (OpenAiChatStream behind the provider's request body). */
export type DirectReplyStream = (
  messages: BaseMessage[],
  onText: ReplyTextSink,
  signal?: AbortSignal,
) => Promise<ReplyEnd>;

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
  readonly direct?: DirectReplyStream;

  static override lc_name(): string {
    return 'GuardedChatModel';
  }

  constructor(options: GuardedChatModelOptions) {
    super({});
    this.inner = options.inner;
    this.provider = options.provider;
    this.model = options.model;
    this.idleTimeoutMs = options.idleTimeoutMs;
    this.direct = options.direct;
  }

  /** The reply through `direct` (streamReplyTo checks it is there). */
  directStream(messages: BaseMessage[], onText: ReplyTextSink, signal?: AbortSignal): Promise<ReplyEnd> {
    return this.direct!(messages, onText, signal);
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
    let iterator: AsyncIterator<ChatGenerationChunk> | undefined;
    try {
      iterator = (await guard.race(this.innerChunks(messages, this.innerOptions(options, guard.signal))))[
        Symbol.asyncIterator
      ]();
      for (;;) {
        const next = await guard.race(iterator.next());
        if (next.done) break;
        const chunk = next.value;
        yield chunk;
        if (chunk.text)
          await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, {
            chunk,
          });
      }
    } catch (error) {
      throw this.mapError(error, guard, options.signal);
    } finally {
      guard.dispose();
      await iterator?.return?.().catch(() => undefined);
    }
  }

  /**
   * The provider's own chunks. A provider that streams is asked for them directly: its public
   * `stream()` would run LangChain's per-chunk machinery (callbacks, the run's context, the
   * whole reply concatenated again on every chunk) a second time under this model's own, a
   * cost chat-inference paid on every fragment (docs/benchmarks.md, issue 13).
   * One that does not stream answers through `stream()`, which yields its whole reply at once.
   */
  private async innerChunks(
    messages: BaseMessage[],
    options: BaseChatModelCallOptions,
  ): Promise<AsyncIterable<ChatGenerationChunk>> {
    const inner = this.inner;
    if (streamsItself(inner))
      return inner._streamResponseChunks(messages, options as typeof inner.ParsedCallOptions);
    const stream = await inner.stream(messages, options);
    return (async function* () {
      for await (const message of stream) {
        const text = typeof message.content === 'string' ? message.content : message.text;
        yield new ChatGenerationChunk({ text, message, generationInfo: { ...message.response_metadata } });
      }
    })();
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

/**
 * An abort signal that fires on the caller's abort or after idleTimeoutMs without progress.
 * One timer per call, moved on by each step rather than re-armed (a model's stream takes
 * hundreds of steps, and a timer per step was a measurable share of the CPU per fragment).
 */
class IdleGuard {
  readonly signal: AbortSignal;
  timedOut = false;
  private readonly controller = new AbortController();
  private timer?: NodeJS.Timeout;
  /** When the step being awaited runs out of time. */
  private deadline = 0;
  /** Fails the step being awaited; undefined between steps. */
  private failStep?: (error: Error) => void;
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
  race<T>(step: Promise<T>): Promise<T> {
    const idleTimeoutMs = this.idleTimeoutMs;
    if (idleTimeoutMs === undefined) return step;
    this.deadline = performance.now() + idleTimeoutMs;
    this.timer ??= setTimeout(this.check, idleTimeoutMs);
    return new Promise<T>((resolve, reject) => {
      this.failStep = reject;
      step.then(
        (value) => {
          this.failStep = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.failStep = undefined;
          reject(error);
        },
      );
    });
  }

  private readonly check = (): void => {
    this.timer = undefined;
    // Between steps the clock is not running: the next step arms it again.
    if (!this.failStep) return;
    const left = this.deadline - performance.now();
    if (left > 0) {
      this.timer = setTimeout(this.check, left);
      return;
    }
    this.timedOut = true;
    this.controller.abort(new Error('idle timeout'));
    this.failStep(new Error('idle timeout'));
  };

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.parent?.removeEventListener('abort', this.onAbort);
  }
}
