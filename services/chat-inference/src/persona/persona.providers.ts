import type { Provider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { CONFIG } from '@backtalk/kit';
import path from 'node:path';
import type { ChatInferenceConfig } from '../chat-inference.config';
import { createChatModel, createEmbeddings, type ModelDownloadProgress } from '@backtalk/ai';
import { PersonaPromptBuilder } from '../persona-prompt';
import { InMemoryPostIndex, PostRetriever, QdrantPostIndex, type PostIndex } from '@backtalk/ai';
import { CHAT_MODEL } from './persona.tokens';

const logger = new Logger('Models');

export function modelsDirOf(config: ChatInferenceConfig): string {
  return path.resolve(config.MODELS_DIR ?? path.join(config.BACKTALK_DATA_DIR, 'models'));
}

/** Logs a download as a progress line every few seconds, so a first start shows it is working. */
function downloadReporter(): (progress: ModelDownloadProgress) => void {
  let lastLog = 0;
  return (progress) => {
    const now = Date.now();
    const done = progress.totalBytes !== undefined && progress.downloadedBytes >= progress.totalBytes;
    if (!done && now - lastLog < 2000) return;
    lastLog = now;
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    const total = progress.totalBytes;
    const bar = total
      ? `[${'#'.repeat(Math.round((progress.downloadedBytes / total) * 30)).padEnd(30, '.')}] ${Math.floor((progress.downloadedBytes / total) * 100)}%`
      : '';
    logger.log(
      `Downloading ${progress.model} ${bar} ${mb(progress.downloadedBytes)}${total ? ` / ${mb(total)}` : ''} MB`,
    );
  };
}

function apiKeyFor(config: ChatInferenceConfig, provider: string): string | undefined {
  if (provider === 'openai') return config.OPENAI_API_KEY;
  if (provider === 'anthropic') return config.ANTHROPIC_API_KEY;
  if (provider === 'bedrock') return config.BEDROCK_API_KEY;
  return undefined;
}

export const personaProviders: Provider[] = [
  {
    provide: CHAT_MODEL,
    inject: [CONFIG],
    useFactory: (config: ChatInferenceConfig) =>
      createChatModel({
        provider: config.LLM_PROVIDER,
        model: config.LLM_MODEL,
        baseUrl: config.LLM_BASE_URL,
        apiKey: apiKeyFor(config, config.LLM_PROVIDER),
        region: config.AWS_REGION,
        temperature: config.LLM_TEMPERATURE,
        maxTokens: config.LLM_MAX_TOKENS,
        contextSize: config.LLM_CONTEXT_SIZE,
        threads: config.LLM_THREADS,
        timeoutMs: config.LLM_TIMEOUT_MS,
        queueLimit: config.LLM_QUEUE_LIMIT,
        modelsDir: modelsDirOf(config),
        onDownloadProgress: downloadReporter(),
      }),
  },
  {
    provide: PostRetriever,
    inject: [CONFIG],
    useFactory: async (config: ChatInferenceConfig) => {
      const embeddings = createEmbeddings({
        provider: config.EMBEDDINGS_PROVIDER,
        model: config.EMBEDDINGS_MODEL ?? '',
        baseUrl: config.EMBEDDINGS_BASE_URL,
        apiKey: apiKeyFor(config, config.EMBEDDINGS_PROVIDER),
        region: config.AWS_REGION,
        modelsDir: modelsDirOf(config),
        threads: config.LLM_THREADS,
        onDownloadProgress: downloadReporter(),
      });
      let index: PostIndex;
      if (config.QDRANT_URL) {
        const denseVectorSize = embeddings
          ? (await embeddings.embedQuery('dimension probe')).length
          : undefined;
        index = new QdrantPostIndex({
          url: config.QDRANT_URL,
          apiKey: config.QDRANT_API_KEY,
          collectionName: config.QDRANT_COLLECTION,
          denseVectorSize,
        });
      } else {
        index = new InMemoryPostIndex();
      }
      return new PostRetriever({
        index,
        embeddings,
        onEmbeddingError: (error) =>
          logger.warn(`Embedding failed, searching lexically: ${(error as Error).message}`),
      });
    },
  },
  { provide: PersonaPromptBuilder, useValue: new PersonaPromptBuilder() },
];
