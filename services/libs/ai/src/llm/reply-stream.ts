import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import { GuardedChatModel } from './guarded.chat-model';
import type { ReplyEnd, ReplyTextSink } from './openai-chat-stream';

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

/**
 * A chat model's reply delivered to a callback piece by piece (issue 25 item 2): the text of each
 * piece, nothing else, and how it ended. A model that reads its provider's stream itself (the
 * OpenAI-compatible one, `GuardedChatModel.direct`) hands over each token as the socket delivers
 * it, with no message object, iterator step or promise per token; any other model is read through
 * `streamReply`. `onText` returning `true` stops the reply (the model's request is cancelled);
 * throwing stops it too, and the call rejects with what it threw.
 */
export async function streamReplyTo(
  model: BaseChatModel,
  messages: BaseMessage[],
  onText: ReplyTextSink,
  options: { signal?: AbortSignal } = {},
): Promise<ReplyEnd> {
  if (model instanceof GuardedChatModel && model.direct) {
    const end = await model.directStream(messages, onText, options.signal);
    options.signal?.throwIfAborted();
    return end;
  }
  let finishReason: string | undefined;
  for await (const chunk of streamReply(model, messages, options)) {
    finishReason = finishReasonOf(chunk) ?? finishReason;
    const text = chunkText(chunk);
    if (text && onText(text) === true) break;
  }
  return finishReason === undefined ? {} : { finishReason };
}

/** The text of a message chunk, whether its content is a string or a list of parts. */
function chunkText(chunk: AIMessageChunk): string {
  if (typeof chunk.content === 'string') return chunk.content;
  return chunk.content
    .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** The provider's finish reason in OpenAI's words ('length' for a reply cut by its token limit). */
function finishReasonOf(chunk: AIMessageChunk): string | undefined {
  const metadata = chunk.response_metadata as { finish_reason?: string; stop_reason?: string } | undefined;
  return metadata?.finish_reason ?? (metadata?.stop_reason === 'max_tokens' ? 'length' : undefined);
}
