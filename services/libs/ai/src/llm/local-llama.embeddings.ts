import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import type { LlamaEmbeddingContext, LlamaModel, Token } from 'node-llama-cpp' with {
  'resolution-mode': 'import',
};
import { LlmUnavailableError, errorMessage } from './llm.error';
import { defaultThreads, getEmbeddingContext, loadSharedModel } from './local-llama.runtime';
import { isModelDownloaded, type ModelDownloadProgress, resolveModelPath } from './model-file.resolver';

/**
 * The embedding model of `EMBEDDINGS_PROVIDER=local` when `EMBEDDINGS_MODEL` is
 * unset: BAAI's bge-small-en-v1.5 (33 M parameters, 384 dimensions, 512 tokens,
 * MIT), 8-bit GGUF of 36.8 MB, downloaded into the models folder on first use.
 */
export const DEFAULT_LOCAL_EMBEDDINGS_MODEL =
  'hf:CompendiumLabs/bge-small-en-v1.5-gguf/bge-small-en-v1.5-q8_0.gguf';

/** How long a local embedding model that could not be downloaded or loaded is left alone before the next try. */
const EMBEDDING_MODEL_RETRY_MS = 10 * 60_000;

export interface LocalLlamaEmbeddingsOptions extends EmbeddingsParams {
  /** A GGUF embedding model: path (relative to modelsDir) or hf:/https URI. */
  model: string;
  modelsDir: string;
  threads?: number;
  contextSize?: number;
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** After a failed download or load, the next try waits this long. Default 10 minutes. */
  retryAfterMs?: number;
  /**
   * Told once when the model cannot be downloaded or loaded (and again only if
   * a retry fails differently): the one warning, however many calls fail meanwhile.
   */
  onUnavailable?: (message: string, retryAt: Date) => void;
}

/**
 * The local embedding model is not usable yet: it is downloading (first use),
 * or it could not be downloaded or loaded and is tried again at `retryAt`.
 * Thrown at once, without waiting; `onUnavailable` has already said why.
 */
export class EmbeddingModelUnavailableError extends LlmUnavailableError {
  constructor(
    message: string,
    readonly retryAt: Date | undefined,
    details: { model: string; cause?: unknown },
  ) {
    super(message, { provider: 'local', ...details });
  }
}

/**
 * Whether a model (by its configured name and folder) is usable, shared by every
 * instance in the process as the model itself is: standalone's ingestion and
 * chat-inference try it once, report it once and retry it together.
 */
interface Availability {
  context?: LlamaEmbeddingContext;
  model?: LlamaModel;
  loading?: Promise<LlamaEmbeddingContext>;
  failure?: { message: string; retryAt: number; cause: unknown };
  /** The current attempt downloads the model: callers do not wait for it. */
  inBackground?: boolean;
  /** A caller was turned away while it downloaded: its loading is a recovery. */
  deferred?: boolean;
  timer?: NodeJS.Timeout;
  recovered: Set<() => void>;
}
const availability = new Map<string, Availability>();

/** Forgets every model's availability and pending retry (tests, shutdown). */
export function resetEmbeddingModelAvailability(): void {
  for (const state of availability.values()) clearTimeout(state.timer);
  availability.clear();
}

/**
 * Embeddings from an in-process GGUF embedding model (node-llama-cpp embedding
 * context). A model that must be downloaded first is downloaded in the
 * background: calls fail at once with `EmbeddingModelUnavailableError` until
 * it has loaded. A model that cannot be downloaded or loaded is not tried
 * again on every call: calls fail at once until the retry (`retryAfterMs`, in
 * the background, and at every start). `onRecovered` listeners hear when the
 * model loads after calls were turned away.
 */
export class LocalLlamaEmbeddings extends Embeddings {
  private readonly key: string;
  private readonly retryAfterMs: number;

  constructor(private readonly options: LocalLlamaEmbeddingsOptions) {
    super(options);
    this.key = `${options.modelsDir}|${options.model}|${options.threads ?? ''}|${options.contextSize ?? ''}`;
    this.retryAfterMs = options.retryAfterMs ?? EMBEDDING_MODEL_RETRY_MS;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    // One context, one text at a time: llama.cpp contexts are not re-entrant.
    for (const text of texts) vectors.push(await this.embedQuery(text));
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const context = await this.load();
    try {
      const embedding = await context.getEmbeddingFor(this.fitted(text));
      return [...embedding.vector];
    } catch (error) {
      throw new LlmUnavailableError(`The local embedding model failed: ${errorMessage(error)}`, {
        provider: 'local',
        model: this.options.model,
        cause: error,
      });
    }
  }

  /**
   * The loaded model. Loads a model file that is there; starts the download of
   * one that is not and fails at once; fails at once while a failed model waits
   * for its retry.
   */
  async load(): Promise<LlamaEmbeddingContext> {
    const state = this.state();
    if (state.context && !state.context.disposed) return state.context;
    if (state.failure && Date.now() < state.failure.retryAt) throw this.unavailable(state.failure);
    if (!state.loading) {
      const downloaded = await isModelDownloaded(this.options.model, this.options.modelsDir);
      if (!state.loading) {
        state.inBackground = !downloaded;
        state.loading = this.attempt(state);
        // Its failure is reported through onUnavailable, and to whoever awaits it.
        state.loading.catch(() => undefined);
      }
    }
    if (state.inBackground) {
      state.deferred = true;
      throw new EmbeddingModelUnavailableError(
        `The embedding model ${this.options.model} is downloading`,
        undefined,
        { model: this.options.model },
      );
    }
    return state.loading;
  }

  /** Waits for the model, a download included (Qdrant's start needs its dimension); fails as `load` does otherwise. */
  async loaded(): Promise<void> {
    try {
      await this.load();
    } catch (error) {
      const pending = this.state().loading;
      if (!pending) throw error;
      await pending;
    }
  }

  /** Calls `listener` each time the model loads after having failed; returns the unsubscribe. */
  onRecovered(listener: () => void): () => void {
    const state = this.state();
    state.recovered.add(listener);
    return () => state.recovered.delete(listener);
  }

  private state(): Availability {
    let state = availability.get(this.key);
    if (!state) {
      state = { recovered: new Set() };
      availability.set(this.key, state);
    }
    return state;
  }

  private async attempt(state: Availability): Promise<LlamaEmbeddingContext> {
    const { model, modelsDir, onDownloadProgress } = this.options;
    try {
      const file = await resolveModelPath(model, { modelsDir, onProgress: onDownloadProgress });
      const context = await getEmbeddingContext(
        file,
        this.options.threads ?? defaultThreads(),
        this.options.contextSize,
      );
      const recovered = state.failure !== undefined || state.deferred === true;
      state.model = await loadSharedModel(file);
      state.context = context;
      state.failure = undefined;
      state.deferred = false;
      clearTimeout(state.timer);
      if (recovered) for (const listener of [...state.recovered]) listener();
      return context;
    } catch (error) {
      const failure = { message: errorMessage(error), retryAt: Date.now() + this.retryAfterMs, cause: error };
      const first = state.failure === undefined || state.failure.message !== failure.message;
      state.failure = failure;
      clearTimeout(state.timer);
      // Tried again in the background, so posts indexed lexically meanwhile get their
      // vectors (`onRecovered`) even when no one searches.
      state.timer = setTimeout(() => {
        if (state.failure) state.failure.retryAt = 0; // due now, whatever the clock's granularity
        void this.load().catch(() => undefined);
      }, this.retryAfterMs);
      state.timer.unref();
      if (first)
        this.options.onUnavailable?.(
          `The embedding model ${model} is unavailable: ${failure.message}`,
          new Date(failure.retryAt),
        );
      throw this.unavailable(failure);
    } finally {
      state.loading = undefined;
      state.inBackground = false;
    }
  }

  private unavailable(failure: NonNullable<Availability['failure']>): EmbeddingModelUnavailableError {
    return new EmbeddingModelUnavailableError(
      `The embedding model ${this.options.model} is unavailable: ${failure.message}`,
      new Date(failure.retryAt),
      { model: this.options.model, cause: failure.cause },
    );
  }

  /**
   * The text, cut to the tokens the model reads (bge-small: 512): a long
   * transcript is embedded by its beginning rather than refused.
   */
  private fitted(text: string): string | Token[] {
    const model = this.state().model;
    if (!model) return text;
    const limit = Math.min(this.options.contextSize ?? model.trainContextSize, model.trainContextSize) - 1;
    const tokens = model.tokenize(text);
    return tokens.length > limit ? tokens.slice(0, limit) : text;
  }
}
