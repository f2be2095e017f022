import { Logger, type Provider } from '@nestjs/common';
import { chatModelApiKeyOf, createChatModel, downloadReporter, modelsDirOf } from '@backtalk/ai';
import { IngestionConfig } from '../ingestion.config';

export const ESSENCE_MODEL = Symbol('ESSENCE_MODEL');

const logger = new Logger('EssenceModel');

/** The chat model that writes a persona's essence (the LLM_* settings chat-inference uses). */
export const essenceModelProvider: Provider = {
  provide: ESSENCE_MODEL,
  inject: [IngestionConfig],
  useFactory: (config: IngestionConfig) =>
    createChatModel({
      provider: config.LLM_PROVIDER,
      model: config.LLM_MODEL,
      baseUrl: config.LLM_BASE_URL,
      apiKey: chatModelApiKeyOf(config),
      region: config.AWS_REGION,
      temperature: 0.3,
      maxTokens: config.ESSENCE_MAX_TOKENS,
      contextSize: config.LLM_CONTEXT_SIZE,
      timeoutMs: config.LLM_TIMEOUT_MS,
      modelsDir: modelsDirOf(config),
      onDownloadProgress: downloadReporter((line) => logger.log(line)),
    }),
};
