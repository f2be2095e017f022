import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';

/** Whether the model streams its reply itself (rather than answering it whole). */
export function streamsItself(model: BaseChatModel): boolean {
  return (
    model._streamResponseChunks !== BaseChatModel.prototype._streamResponseChunks && !model.disableStreaming
  );
}

/**
 * A chat model's reply as it streams: the same message chunks `model.stream(messages)` yields
 * (the provider's finish reason and usage in each chunk's `response_metadata`), read straight
 * from the model's own streaming method. `stream()` wraps every chunk in LangChain's run
 * machinery — callback managers, the run's async context, the whole reply concatenated again
 * on every chunk for the callbacks' final report — which the chat path, with no callbacks or
 * tracing configured, paid on every token (docs/benchmarks.md, issue 13). A model that does not
 * stream answers through `stream()`, which yields its whole reply at once.
 */
export async function* streamReply(
  model: BaseChatModel,
  messages: BaseMessage[],
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<AIMessageChunk> {
  if (!streamsItself(model)) {
    yield* await model.stream(messages, options);
    return;
  }
  for await (const chunk of model._streamResponseChunks(
    messages,
    options as typeof model.ParsedCallOptions,
  )) {
    options.signal?.throwIfAborted();
    const message = chunk.message as AIMessageChunk;
    message.response_metadata = { ...chunk.generationInfo, ...message.response_metadata };
    yield message;
  }
  options.signal?.throwIfAborted();
}
