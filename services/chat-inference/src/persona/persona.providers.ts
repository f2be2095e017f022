import type { Provider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { ChatInferenceConfig } from '../chat-inference.config';
import {
  chatModelApiKeyOf,
  createChatModel,
  downloadReporter,
  InMemoryPostIndex,
  modelsDirOf,
  PostRetriever,
  postRetrieverFromConfig,
} from '@backtalk/ai';
import { PersonaPromptBuilder } from '../persona-prompt';
import { CreatorPostsCopy } from './creator-posts.copy';
import { CHAT_MODEL, CREATOR_POSTS_COPY } from './persona.tokens';

const logger = new Logger('Models');

/**
 * A cluster of separate processes without Qdrant: ingestion's in-process index
 * lives in another process, so this one keeps its own lexical copy.
 */
function keepsOwnCopy(config: ChatInferenceConfig): boolean {
  return config.BACKTALK_MODE === 'cluster' && !config.QDRANT_URL;
}

export const personaProviders: Provider[] = [
  {
    provide: CHAT_MODEL,
    inject: [ChatInferenceConfig],
    useFactory: (config: ChatInferenceConfig) =>
      createChatModel({
        provider: config.LLM_PROVIDER,
        model: config.LLM_MODEL,
        baseUrl: config.LLM_BASE_URL,
        apiKey: chatModelApiKeyOf(config),
        region: config.AWS_REGION,
        temperature: config.LLM_TEMPERATURE,
        maxTokens: config.LLM_MAX_TOKENS,
        contextSize: config.LLM_CONTEXT_SIZE,
        threads: config.LLM_THREADS,
        timeoutMs: config.LLM_TIMEOUT_MS,
        queueLimit: config.LLM_QUEUE_LIMIT,
        modelsDir: modelsDirOf(config),
        onDownloadProgress: downloadReporter((line) => logger.log(line)),
      }),
  },
  {
    // Reads the index ingestion builds (docs/architecture.md, "Post index"); never writes it.
    provide: PostRetriever,
    inject: [ChatInferenceConfig],
    useFactory: (config: ChatInferenceConfig) =>
      keepsOwnCopy(config)
        ? new PostRetriever({ index: new InMemoryPostIndex() })
        : postRetrieverFromConfig(config, {
            info: (line) => logger.log(line),
            warn: (line) => logger.warn(line),
          }),
  },
  {
    provide: CREATOR_POSTS_COPY,
    inject: [ChatInferenceConfig, ServiceClient, PostRetriever],
    useFactory: (config: ChatInferenceConfig, client: ServiceClient, retriever: PostRetriever) =>
      keepsOwnCopy(config)
        ? new CreatorPostsCopy(client, retriever.postIndex, config.CREATOR_POSTS_COPY_MAX_MB * 1024 * 1024)
        : null,
  },
  { provide: PersonaPromptBuilder, useValue: new PersonaPromptBuilder() },
];
