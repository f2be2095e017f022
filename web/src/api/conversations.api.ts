import type { EventSourceMessage } from 'eventsource-parser';
import { api, bodyOf } from './client';
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
export async function openConversation(creatorId: string, signal?: AbortSignal): Promise<Conversation> {
  return bodyOf(await api.POST('/api/conversations', { body: { creatorId }, signal }));
}

/** How many messages one page of a conversation holds (the API allows 1..100). */
const MESSAGE_PAGE_SIZE = 50;

export interface MessagePage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Pass as `before` to get the page of older messages; null when this page holds the oldest. */
  nextCursor: string | null;
}

/** One page of a conversation: the newest messages, or those older than `before`. */
export async function listMessages(
  conversationId: string,
  page: { before?: string | null; limit?: number } = {},
  signal?: AbortSignal,
): Promise<MessagePage> {
  const reply = bodyOf(
    await api.GET('/api/conversations/{id}/messages', {
      params: {
        path: { id: conversationId },
        query: { limit: page.limit ?? MESSAGE_PAGE_SIZE, ...(page.before ? { before: page.before } : {}) },
      },
      signal,
    }),
  );
  return { messages: reply.messages, nextCursor: reply.nextCursor ?? null };
}

export interface StreamHandlers {
  onFragment(fragment: StreamFragment): void;
  onCitations(event: CitationsEvent): void;
  /**
   * `event: message` — a whole message replacing the chat's copy of its id (docs/safety.md): the
   * safety notice or crisis card answering a message moderation held back, or a replaced reply.
   */
  onMessage(message: ChatMessage): void;
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
  // The reply is a text/event-stream, which the document does not describe: read it as a stream.
  const { response } = await api.POST('/api/conversations/{id}/messages', {
    params: { path: { id: conversationId } },
    body,
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  await readEventStream(response, (event) => dispatchStreamEvent(event, handlers), signal);
}

/**
 * Attaches to a reply in progress (or just ended) from this tab: another tab, a reload or a dropped
 * connection (docs/architecture.md, "Replies that resume anywhere"). With `lastEventId` (the last
 * fragment id this tab has) the server replays the fragments after it; without it the reply so far
 * comes as one `message` event; then the reply continues live to its last fragment.
 */
export async function attachReply(
  conversationId: string,
  messageId: string,
  lastEventId: string | null,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const { response } = await api.GET('/api/conversations/{id}/messages/{messageId}/stream', {
    params: {
      path: { id: conversationId, messageId },
      ...(lastEventId ? { header: { 'Last-Event-ID': lastEventId } } : {}),
    },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
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
    case 'message':
      handlers.onMessage(data as ChatMessage);
      break;
    case 'error':
      handlers.onError(data as ErrorBody);
      break;
    default:
      // Unknown event types (and comments/keep-alives) are ignored.
      break;
  }
}
