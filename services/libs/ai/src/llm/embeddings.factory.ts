import type { Embeddings } from '@langchain/core/embeddings';
import { LlmConfigError } from './llm.error';
import { LocalLlamaEmbeddings } from './local-llama.embeddings';
import type { ModelDownloadProgress } from './model-file.resolver';
import { OllamaEmbeddings } from './ollama.embeddings';
import { providerSdk } from './provider-sdks';

export const EMBEDDINGS_PROVIDERS = ['none', 'openai', 'ollama', 'bedrock', 'local'] as const;
export type EmbeddingsProvider = (typeof EMBEDDINGS_PROVIDERS)[number];

export interface EmbeddingsOptions {
  provider: EmbeddingsProvider;
  model: string;
  baseUrl?: string;
  /** Secret: never log it. */
  apiKey?: string;
  /** bedrock region. */
  region?: string;
  /** local: where the GGUF embedding model is found or downloaded to. Required for `local`. */
  modelsDir?: string;
  threads?: number;
  /** openai: ask for shorter vectors (text-embedding-3-*). */
  dimensions?: number;
  timeoutMs?: number;
  maxRetries?: number;
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** local: how long a model that failed to download or load is left alone before the next try. */
  retryAfterMs?: number;
  /** local: told once when the model cannot be downloaded or loaded. */
  onUnavailable?: (message: string, retryAt: Date) => void;
}

/** The embeddings port: a LangChain Embeddings for the configured provider, or null for lexical-only retrieval. */
export function createEmbeddings(options: EmbeddingsOptions): Embeddings | null {
  if (options.provider === 'none') return null;
  const model = options.model?.trim();
  if (!model)
    throw new LlmConfigError(`No embedding model configured for the ${options.provider} provider`, {
      provider: options.provider,
    });
  const maxRetries = options.maxRetries ?? 1;
  switch (options.provider) {
    case 'openai':
      if (!options.apiKey && !options.baseUrl)
        throw new LlmConfigError('OpenAI embeddings need an apiKey (or a baseUrl)', {
          provider: 'openai',
          model,
        });
      return new (providerSdk.openai().OpenAIEmbeddings)({
        model,
        apiKey: options.apiKey ?? 'not-needed',
        configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
        dimensions: options.dimensions,
        timeout: options.timeoutMs ?? 30_000,
        maxRetries,
      });
    case 'ollama':
      return new OllamaEmbeddings({
        model,
        baseUrl: options.baseUrl,
        timeoutMs: options.timeoutMs,
        maxRetries,
      });
    case 'bedrock':
      if (!options.region)
        throw new LlmConfigError('Bedrock embeddings need a region', { provider: 'bedrock', model });
      return new (providerSdk.aws().BedrockEmbeddings)({
        model,
        region: options.region,
        bedrockBearerToken: options.apiKey,
        maxRetries,
      });
    case 'local':
      if (!options.modelsDir)
        throw new LlmConfigError('Local embeddings need a modelsDir', { provider: 'local', model });
      return new LocalLlamaEmbeddings({
        model,
        modelsDir: options.modelsDir,
        threads: options.threads,
        onDownloadProgress: options.onDownloadProgress,
        retryAfterMs: options.retryAfterMs,
        onUnavailable: options.onUnavailable,
      });
    default: {
      const provider: never = options.provider;
      throw new LlmConfigError(
        `Unknown embeddings provider "${String(provider)}"; use one of ${EMBEDDINGS_PROVIDERS.join(', ')}`,
      );
    }
  }
}
