import type { EventSourceMessage } from 'eventsource-parser';
import { apiFetch, apiJson } from './http';
import { readEventStream } from './sse';
import type {
  ChatMessage,
  CitationsEvent,
  Conversation,
  ErrorBody,
  SendMessageBody,
  StreamFragment,
} from './types';

/** The fan's conversation with this creator (the server returns the existing one if there is one). */
export function openConversation(creatorId: string, signal?: AbortSignal): Promise<Conversation> {
  return apiJson<Conversation>('/conversations', { method: 'POST', body: { creatorId }, signal });
}

export async function listMessages(conversationId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const reply = await apiJson<{ messages: ChatMessage[] }>(
    `/conversations/${encodeURIComponent(conversationId)}/messages`,
    { signal },
  );
  return reply.messages;
}

export interface StreamHandlers {
  onFragment(fragment: StreamFragment): void;
  onCitations(event: CitationsEvent): void;
  onError(error: ErrorBody): void;
}

/**
 * Sends a message and relays the assistant's reply as it streams. Rejects with ApiError when the
 * server refuses before streaming (429 RATE_LIMITED and other 4xx/5xx); errors reported inside the
 * stream arrive through `onError`.
 */
export async function sendMessage(
  conversationId: string,
  body: SendMessageBody,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiFetch(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body,
    accept: 'text/event-stream',
    signal,
  });
  await readEventStream(response, (event) => dispatchStreamEvent(event, handlers), signal);
}

function dispatchStreamEvent(event: EventSourceMessage, handlers: StreamHandlers): void {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    handlers.onError({ code: 'BAD_STREAM_EVENT', message: 'The server sent an unreadable reply.' });
    return;
  }
  switch (event.event) {
    case 'fragment':
      handlers.onFragment(data as StreamFragment);
      break;
    case 'citations':
      handlers.onCitations(data as CitationsEvent);
      break;
    case 'error':
      handlers.onError(data as ErrorBody);
      break;
    default:
      // Unknown event types (and comments/keep-alives) are ignored.
      break;
  }
}
