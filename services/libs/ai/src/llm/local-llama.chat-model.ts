import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
} from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import type { LlamaCompletionResponse } from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { LlmError, LlmErrorCode, LlmUnavailableError, isAbortError, errorMessage } from './llm.error';
import { defaultThreads, getSequencePool, type SequencePool } from './local-llama.runtime';
import { type ChatTemplateOption, renderPrompt } from './local-prompt.renderer';
import { type ModelDownloadProgress, resolveModelPath } from './model-file.resolver';

export interface LocalLlamaChatModelOptions extends BaseChatModelParams {
  /** A .gguf path (relative paths are under modelsDir) or an hf:/https URI downloaded on first use. */
  model: string;
  modelsDir: string;
  /** ggml threads. Default max(1, cores − 1). */
  threads?: number;
  /** Tokens per generation (prompt + reply), capped by the model's training context. Default 4096. */
  contextSize?: number;
  /** Generations that run at once; more wait their turn. Default 1. */
  parallelSequences?: number;
  /** How long a request may wait for a free sequence. Default 120 000 ms. */
  queueTimeoutMs?: number;
  /** Requests that may wait for a free sequence; more are refused at once with LlmBusyError (MODEL_BUSY). Default 16. */
  queueLimit?: number;
  /** Default 0.7; 0 is greedy (deterministic). */
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  /** Reply cap. Default 512. */
  maxTokens?: number;
  chatTemplate?: ChatTemplateOption;
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** A download receiving nothing for this long fails. Default 60 000 ms. */
  downloadStallTimeoutMs?: number;
}

export interface LocalLlamaCallOptions extends BaseChatModelCallOptions {
  maxTokens?: number;
  temperature?: number;
  seed?: number;
}

type StopReason = LlamaCompletionResponse['metadata']['stopReason'];

/** Waiting generations beyond the running ones: at a few seconds each, a minute's wait at most on a small machine. */
const DEFAULT_QUEUE_LIMIT = 16;

/**
 * A LangChain chat model over an in-process GGUF model (node-llama-cpp, CPU).
 * Messages go through the model's chat template when it has one and a plain
 * transcript otherwise; the reply streams one chunk per token. All instances
 * for the same file share the loaded weights and a pool of context sequences.
 */
export class LocalLlamaChatModel extends BaseChatModel<LocalLlamaCallOptions> {
  readonly model: string;
  readonly maxTokens: number;
  readonly temperature: number;
  private readonly options: LocalLlamaChatModelOptions;
  private poolPromise?: Promise<SequencePool>;

  static override lc_name(): string {
    return 'LocalLlamaChatModel';
  }

  constructor(options: LocalLlamaChatModelOptions) {
    super(options);
    this.options = options;
    this.model = options.model;
    this.maxTokens = options.maxTokens ?? 512;
    this.temperature = options.temperature ?? 0.7;
  }

  _llmType(): string {
    return 'node-llama-cpp';
  }

  override get callKeys(): string[] {
    return [...super.callKeys, 'maxTokens', 'temperature', 'seed'];
  }

  /** Resolves (downloading if needed) and loads the model. Call it at start-up to fail fast and show progress. */
  async load(): Promise<void> {
    await this.pool();
  }

  private get queueLimit(): number {
    return this.options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  }

  /** Whether a generation asked for now would be refused as MODEL_BUSY (the queue is full). */
  async queueFull(): Promise<boolean> {
    const pool = await this.pool();
    return pool.busy >= pool.context.totalSequences && pool.waiting >= this.queueLimit;
  }

  /** Tokens per generation, prompt plus reply: the budget prompt assembly must fit. */
  async contextSize(): Promise<number> {
    return (await this.pool()).contextSize;
  }

  /** Exact token count with the model's own tokenizer. */
  async countTokens(text: string): Promise<number> {
    return (await this.pool()).model.tokenize(text, false).length;
  }

  override async getNumTokens(content: MessageContent): Promise<number> {
    const text =
      typeof content === 'string'
        ? content
        : content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
    return this.countTokens(text);
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    let final: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager))
      final = final ? final.concat(chunk) : chunk;
    const message = (final?.message as AIMessageChunk | undefined) ?? new AIMessageChunk({ content: '' });
    return {
      generations: [{ text: final?.text ?? '', message, generationInfo: final?.generationInfo }],
      llmOutput: { tokenUsage: message.usage_metadata },
    };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    options.signal?.throwIfAborted();
    const pool = await this.pool();
    const lease = await pool.acquire({
      signal: options.signal,
      timeoutMs: this.options.queueTimeoutMs ?? 120_000,
      maxWaiting: this.queueLimit,
    });
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const queue = new ChunkQueue();
    let generation: Promise<void> | undefined;
    try {
      const prompt = await renderPrompt(pool.model, messages, this.options.chatTemplate ?? 'auto');
      const requested = options.maxTokens ?? this.maxTokens;
      const room = pool.contextSize - prompt.tokens.length - 1;
      if (room < Math.min(requested, 16)) {
        throw new LlmError(
          LlmErrorCode.BadRequest,
          `The prompt is ${prompt.tokens.length} tokens; the local model's context holds ${pool.contextSize}, leaving no room for a reply`,
          { provider: 'local', model: this.model },
        );
      }
      let outputTokens = 0;
      generation = lease.completion
        .generateCompletionWithMeta(prompt.tokens, {
          signal: controller.signal,
          maxTokens: Math.min(requested, room),
          temperature: options.temperature ?? this.temperature,
          topP: this.options.topP,
          topK: this.options.topK,
          seed: options.seed ?? this.options.seed,
          customStopTriggers: [...prompt.stopTriggers, ...(options.stop ?? [])],
          disableContextShift: true,
          onToken: (tokens) => (outputTokens += tokens.length),
          onTextChunk: (text) => queue.push(text),
        })
        .then(
          (response) =>
            queue.end({
              stopReason: response.metadata.stopReason,
              inputTokens: prompt.tokens.length,
              outputTokens,
            }),
          (error: unknown) => queue.fail(error),
        );

      for await (const text of queue) {
        const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
        yield chunk;
        await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
      }
      const { stopReason, inputTokens, outputTokens: produced } = queue.result!;
      const finishReason = stopReason === 'maxTokens' ? 'length' : 'stop';
      yield new ChatGenerationChunk({
        text: '',
        message: new AIMessageChunk({
          content: '',
          response_metadata: { finish_reason: finishReason, stop_reason: stopReason, model_name: this.model },
          usage_metadata: {
            input_tokens: inputTokens,
            output_tokens: produced,
            total_tokens: inputTokens + produced,
          },
        }),
        generationInfo: { finish_reason: finishReason, stop_reason: stopReason },
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (error instanceof LlmError || isAbortError(error)) throw error;
      throw new LlmUnavailableError(`The local model failed: ${errorMessage(error)}`, {
        provider: 'local',
        model: this.model,
        cause: error,
      });
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      // A consumer that stops reading (or aborts) ends the generation; the
      // sequence goes back to the pool only once llama.cpp has let go of it.
      if (!queue.settled) controller.abort(new Error('Generation stopped by the consumer'));
      await generation?.catch(() => undefined);
      lease.release();
    }
  }

  private pool(): Promise<SequencePool> {
    this.poolPromise ??= (async () => {
      const file = await resolveModelPath(this.model, {
        modelsDir: this.options.modelsDir,
        onProgress: this.options.onDownloadProgress,
        stallTimeoutMs: this.options.downloadStallTimeoutMs,
      });
      return getSequencePool(file, {
        contextSize: this.options.contextSize ?? 4096,
        threads: this.options.threads ?? defaultThreads(),
        sequences: this.options.parallelSequences ?? 1,
      });
    })().catch((error: unknown) => {
      this.poolPromise = undefined;
      throw error;
    });
    return this.poolPromise;
  }
}

interface GenerationResult {
  stopReason: StopReason;
  inputTokens: number;
  outputTokens: number;
}

/** Bridges node-llama-cpp's text callbacks to an async iterator. */
class ChunkQueue implements AsyncIterable<string> {
  result?: GenerationResult;
  settled = false;
  private readonly items: string[] = [];
  private error?: { value: unknown };
  private wake?: () => void;

  push(text: string): void {
    if (text.length === 0) return;
    this.items.push(text);
    this.notify();
  }

  end(result: GenerationResult): void {
    this.result = result;
    this.settled = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.error = { value: error };
    this.settled = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.error) throw this.error.value;
      if (this.settled) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
