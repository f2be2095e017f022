import { errorMessage } from '../llm/llm.error';
import { LocalLlamaChatModel } from '../llm/local-llama.chat-model';
import { isModelDownloaded, type ModelDownloadProgress } from '../llm/model-file.resolver';
import { LlamaGuardProvider } from './llama-guard.provider';
import {
  type ModerationProvider,
  type ModerationRequest,
  ModerationUnavailableError,
  type ProviderVerdict,
} from './moderation.port';

/** How long a guard model that could not be downloaded or loaded is left alone before the next try. */
const GUARD_MODEL_RETRY_MS = 10 * 60_000;

export interface LocalLlamaGuardOptions {
  /** A .gguf path (relative to modelsDir) or an hf:/https URI, downloaded on first use. */
  model: string;
  modelsDir: string;
  threads?: number;
  /** After a failed download or load, the next try waits this long. Default 10 minutes. */
  retryAfterMs?: number;
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** Told once when the model cannot be had (and again only if a retry fails differently). */
  onUnavailable?: (message: string, retryAt: Date) => void;
  /** Told when the model has loaded, after a download or a failure included. */
  onReady?: () => void;
}

/**
 * `MODERATION_PROVIDER=local`: Llama Guard in-process (node-llama-cpp), the standalone default
 * (docs/safety.md, "The local moderator"). A model that is not in the models folder is downloaded
 * in the background: until it has loaded, and while a failed download waits for its retry, every
 * check fails at once with `ModerationUnavailableError` — the failure policy decides, counted in
 * the metrics — and nothing waits for the network. A model file that is there is loaded on the
 * first check (or at `prepare`), and that check waits for it.
 */
export class LocalLlamaGuardProvider implements ModerationProvider {
  readonly name = 'local';
  private readonly model: LocalLlamaChatModel;
  private readonly guard: LlamaGuardProvider;
  private readonly retryAfterMs: number;
  private ready = false;
  private loading?: Promise<void>;
  /** The current attempt downloads the model: checks do not wait for it. */
  private inBackground = false;
  private failure?: { message: string; retryAt: number };
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: LocalLlamaGuardOptions) {
    this.model = new LocalLlamaChatModel({
      model: options.model,
      modelsDir: options.modelsDir,
      threads: options.threads,
      temperature: 0,
      maxTokens: 20,
      parallelSequences: 1,
      onDownloadProgress: options.onDownloadProgress,
    });
    this.guard = new LlamaGuardProvider('local', this.model);
    this.retryAfterMs = options.retryAfterMs ?? GUARD_MODEL_RETRY_MS;
  }

  /** Starts loading (or downloading) the model; waits only for a model file that is already there. */
  async prepare(): Promise<void> {
    await this.available().catch(() => undefined);
  }

  async classify(request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict> {
    await this.available();
    return this.guard.classify(request, signal);
  }

  /** Stops the pending retry (shutdown, tests). */
  close(): void {
    clearTimeout(this.timer);
  }

  private async available(): Promise<void> {
    if (this.ready) return;
    if (this.failure && Date.now() < this.failure.retryAt) throw this.unavailable(this.failure.message);
    if (!this.loading) {
      const downloaded = await isModelDownloaded(this.options.model, this.options.modelsDir);
      if (!this.loading && !this.ready) {
        this.inBackground = !downloaded;
        this.loading = this.attempt();
        // Its failure is told through onUnavailable, and to whoever awaits it.
        this.loading.catch(() => undefined);
      }
    }
    if (this.inBackground) throw this.unavailable('the model is downloading');
    return this.loading;
  }

  private async attempt(): Promise<void> {
    try {
      await this.model.load();
      this.ready = true;
      this.failure = undefined;
      clearTimeout(this.timer);
      this.options.onReady?.();
    } catch (error) {
      const message = errorMessage(error);
      const first = this.failure?.message !== message;
      this.failure = { message, retryAt: Date.now() + this.retryAfterMs };
      clearTimeout(this.timer);
      // Tried again in the background, so the model is used once it can be had.
      this.timer = setTimeout(() => {
        if (this.failure) this.failure.retryAt = 0;
        void this.available().catch(() => undefined);
      }, this.retryAfterMs);
      this.timer.unref();
      if (first) this.options.onUnavailable?.(message, new Date(this.failure.retryAt));
      throw this.unavailable(message);
    } finally {
      this.loading = undefined;
      this.inBackground = false;
    }
  }

  /** Already told to the operator (onUnavailable): the check itself says only that the model is missing. */
  private unavailable(why: string): ModerationUnavailableError {
    return new ModerationUnavailableError(
      'local',
      why === 'the model is downloading' ? why : 'the model is unavailable',
      { known: true },
    );
  }
}
