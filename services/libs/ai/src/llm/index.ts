export * from './llm.error';
export {
  createChatModel,
  CHAT_MODEL_PROVIDERS,
  type ChatModelOptions,
  type ChatModelProvider,
} from './chat-model.factory';
export {
  createEmbeddings,
  EMBEDDINGS_PROVIDERS,
  type EmbeddingsOptions,
  type EmbeddingsProvider,
} from './embeddings.factory';
export { GuardedChatModel, type GuardedChatModelOptions } from './guarded.chat-model';
export { streamReply, streamReplyTo } from './reply-stream';
export type { ReplyEnd, ReplyTextSink } from './openai-chat-stream';
export {
  LocalLlamaChatModel,
  type LocalLlamaChatModelOptions,
  type LocalLlamaCallOptions,
} from './local-llama.chat-model';
export {
  DEFAULT_LOCAL_EMBEDDINGS_MODEL,
  EmbeddingModelUnavailableError,
  LocalLlamaEmbeddings,
  resetEmbeddingModelAvailability,
  type LocalLlamaEmbeddingsOptions,
} from './local-llama.embeddings';
export { OllamaEmbeddings, type OllamaEmbeddingsOptions } from './ollama.embeddings';
export { defaultThreads, disposeLocalModels } from './local-llama.runtime';
export {
  resolveModelPath,
  isModelUri,
  type ModelDownloadProgress,
  type ResolveModelOptions,
} from './model-file.resolver';
export type { ChatTemplateOption } from './local-prompt.renderer';
export { estimateTokens, tokenCounterFor, type TokenCounter } from './token-counter';
