import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { GuardedChatModel } from './guarded.chat-model';
import { LlmConfigError } from './llm.error';
import { LocalLlamaChatModel } from './local-llama.chat-model';
import { OpenAiChatStream } from './openai-chat-stream';
import type { ChatTemplateOption } from './local-prompt.renderer';
import type { ModelDownloadProgress } from './model-file.resolver';
import { providerSdk } from './provider-sdks';

export const CHAT_MODEL_PROVIDERS = ['local', 'openai', 'anthropic', 'bedrock'] as const;
export type ChatModelProvider = (typeof CHAT_MODEL_PROVIDERS)[number];

export interface ChatModelOptions {
  provider: ChatModelProvider;
  /** Provider model id; for `local`, a .gguf path (relative to modelsDir) or an hf:/https URI. */
  model: string;
  /** openai: any OpenAI-compatible server (Ollama http://host:11434/v1, vLLM, llama.cpp server, LM Studio). anthropic: API URL. bedrock: endpoint host. */
  baseUrl?: string;
  /** openai/anthropic API key; bedrock: a Bedrock API key (bearer token). Secret: never log it. */
  apiKey?: string;
  /** bedrock region, e.g. us-west-2. */
  region?: string;
  temperature?: number;
  maxTokens?: number;
  /** local: ggml threads. Default max(1, cores − 1). */
  threads?: number;
  /** local: where models are found and downloaded to. */
  modelsDir: string;
  /** local: download progress of an hf:/https model on first use. */
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
  /** Remote providers: fail when nothing arrives for this long (first token or between tokens). Default 60 000 ms. */
  timeoutMs?: number;
  /** Remote providers: retries of a failed request. Default 1. */
  maxRetries?: number;
  /** local: tokens per generation (prompt + reply). Default 4096, capped by the model. */
  contextSize?: number;
  /** local: generations that run at once. Default 1. */
  parallelSequences?: number;
  /** local: how long a request waits for a free sequence. Default 120 000 ms. */
  queueTimeoutMs?: number;
  /** local: requests that may wait for a free sequence; more are refused (MODEL_BUSY). Default 16. */
  queueLimit?: number;
  /** local: chat template override (see ChatTemplateOption). */
  chatTemplate?: ChatTemplateOption;
}

/** How much later than the guard a provider SDK's own timeout fires. */
const SDK_TIMEOUT_SLACK_MS = 1_000;

/**
 * The LLM port: one LangChain chat model for the configured provider. Remote
 * providers are wrapped so failures surface as typed LlmErrors and a silent
 * provider times out; the local model produces typed errors itself.
 */
export function createChatModel(options: ChatModelOptions): BaseChatModel {
  const model = options.model?.trim();
  if (!model)
    throw new LlmConfigError(`No model configured for the ${options.provider} provider`, {
      provider: options.provider,
    });
  const timeout = options.timeoutMs ?? 60_000;
  // The guard below is the clock that counts; the SDKs' own timeouts are a backstop a moment
  // later, so a silent model is always reported as LlmTimeoutError by the guard, never as
  // whatever the SDK makes of its own abort.
  const sdkTimeout = timeout + SDK_TIMEOUT_SLACK_MS;
  const maxRetries = options.maxRetries ?? 1;
  const guard = (inner: BaseChatModel) =>
    new GuardedChatModel({ inner, provider: options.provider, model, idleTimeoutMs: timeout });

  switch (options.provider) {
    case 'local':
      return new LocalLlamaChatModel({
        model,
        modelsDir: options.modelsDir,
        threads: options.threads,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        contextSize: options.contextSize,
        parallelSequences: options.parallelSequences,
        queueTimeoutMs: options.queueTimeoutMs,
        queueLimit: options.queueLimit,
        chatTemplate: options.chatTemplate,
        onDownloadProgress: options.onDownloadProgress,
      });
    case 'openai': {
      if (!options.apiKey && !options.baseUrl) {
        throw new LlmConfigError(
          'The openai provider needs an apiKey (or a baseUrl of an OpenAI-compatible server)',
          { provider: 'openai', model },
        );
      }
      const sdk = providerSdk.openai();
      const chat = new sdk.ChatOpenAI({
        model,
        // Local OpenAI-compatible servers ignore the key, but the SDK insists on one.
        apiKey: options.apiKey ?? 'not-needed',
        configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        timeout: sdkTimeout,
        maxRetries,
        streamUsage: true,
        // Chat Completions is what every compatible server speaks.
        useResponsesApi: false,
      });
      // The chat's reply stream is read off the socket (streamReplyTo); LangChain builds its request.
      const reader = new OpenAiChatStream({
        baseUrl: chat.clientConfig.baseURL ?? 'https://api.openai.com/v1',
        apiKey: options.apiKey,
        provider: options.provider,
        model,
        idleTimeoutMs: timeout,
        maxRetries,
      });
      return new GuardedChatModel({
        inner: chat,
        provider: options.provider,
        model,
        idleTimeoutMs: timeout,
        direct: (messages, onText, signal) =>
          reader.stream(
            {
              ...chat.invocationParams({}),
              messages: sdk.convertMessagesToCompletionsMessageParams({ messages, model }),
            },
            onText,
            signal,
          ),
      });
    }
    case 'anthropic':
      if (!options.apiKey)
        throw new LlmConfigError('The anthropic provider needs an apiKey', { provider: 'anthropic', model });
      return guard(
        new (providerSdk.anthropic().ChatAnthropic)({
          model,
          apiKey: options.apiKey,
          anthropicApiUrl: options.baseUrl,
          temperature: options.temperature,
          maxTokens: options.maxTokens ?? 1024,
          maxRetries,
          clientOptions: { timeout: sdkTimeout, maxRetries },
        }),
      );
    case 'bedrock':
      if (!options.region)
        throw new LlmConfigError('The bedrock provider needs a region', { provider: 'bedrock', model });
      return guard(
        new (providerSdk.aws().ChatBedrockConverse)({
          model,
          region: options.region,
          bedrockBearerToken: options.apiKey,
          endpointHost: options.baseUrl,
          temperature: options.temperature,
          maxTokens: options.maxTokens,
          maxRetries,
          streamIdleTimeout: sdkTimeout,
          clientOptions: { maxAttempts: maxRetries + 1 },
        }),
      );
    default: {
      const provider: never = options.provider;
      throw new LlmConfigError(
        `Unknown LLM provider "${String(provider)}"; use one of ${CHAT_MODEL_PROVIDERS.join(', ')}`,
      );
    }
  }
}
