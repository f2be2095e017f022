import { api, bodyOf } from './client';
import { readEventStream } from './sse';
import type { ChatMessage, Schemas } from './types';

// In-person replies (issue 23 item 5, docs/architecture.md "Inbox"): the fan lets the creator read
// one conversation; the creator's inbox lists those, and a reply in person reaches the fan's open
// chat live through the conversation's event stream.

export type InPersonState = Schemas['InPersonStateResponse'];
export type InboxConversation = Schemas['InboxListResponse']['conversations'][number];
export type InboxThread = Schemas['InboxThreadResponse'];

export async function getInPersonState(conversationId: string, signal?: AbortSignal): Promise<InPersonState> {
  return bodyOf(
    await api.GET('/api/conversations/{id}/in-person', { params: { path: { id: conversationId } }, signal }),
  );
}

export async function setInboxConsent(
  conversationId: string,
  creatorMayRead: boolean,
): Promise<InPersonState> {
  return bodyOf(
    await api.PUT('/api/conversations/{id}/in-person', {
      params: { path: { id: conversationId } },
      body: { creatorMayRead },
    }),
  );
}

export async function listInbox(creatorId: string, signal?: AbortSignal): Promise<InboxConversation[]> {
  const reply = bodyOf(
    await api.GET('/api/creators/{creatorId}/inbox', { params: { path: { creatorId } }, signal }),
  );
  return reply.conversations;
}

export async function getInboxThread(
  creatorId: string,
  conversationId: string,
  signal?: AbortSignal,
): Promise<InboxThread> {
  return bodyOf(
    await api.GET('/api/creators/{creatorId}/inbox/{conversationId}', {
      params: { path: { creatorId, conversationId } },
      signal,
    }),
  );
}

export async function replyInPerson(
  creatorId: string,
  conversationId: string,
  text: string,
): Promise<ChatMessage> {
  const reply = bodyOf(
    await api.POST('/api/creators/{creatorId}/inbox/{conversationId}/replies', {
      params: { path: { creatorId, conversationId } },
      body: { text },
    }),
  );
  return reply.message;
}

export async function handBackToPersona(creatorId: string, conversationId: string): Promise<void> {
  bodyOf(
    await api.POST('/api/creators/{creatorId}/inbox/{conversationId}/hand-back', {
      params: { path: { creatorId, conversationId } },
    }),
  );
}

export interface ConversationEventHandlers {
  /** The stream is open (again): anything sent while it was not can be loaded now. */
  onOpen(): void;
  /** `event: message` — a message that arrived outside the fan's own send (an in-person reply). */
  onMessage(message: ChatMessage): void;
  /** `event: in-person` — the creator started replying in person, or handed back to the persona. */
  onInPerson(inPerson: boolean): void;
}

/**
 * Follows the conversation's events until the server ends the stream or `signal` aborts. Rejects
 * with ApiError when the server refuses (404 for a conversation that is not the fan's).
 */
export async function followConversationEvents(
  conversationId: string,
  handlers: ConversationEventHandlers,
  signal: AbortSignal,
): Promise<void> {
  const { response } = await api.GET('/api/conversations/{id}/events', {
    params: { path: { id: conversationId } },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  handlers.onOpen();
  await readEventStream(
    response,
    (event) => {
      try {
        if (event.event === 'message') handlers.onMessage(JSON.parse(event.data) as ChatMessage);
        else if (event.event === 'in-person')
          handlers.onInPerson((JSON.parse(event.data) as { inPerson: boolean }).inPerson);
      } catch {
        // An unreadable event is skipped; the next reload shows the conversation as stored.
      }
    },
    signal,
  );
}
