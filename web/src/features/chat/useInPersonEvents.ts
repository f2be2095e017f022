import { markConversationReadSoon } from '../../api/my-chats.api';
import { useEffect, useRef } from 'react';
import {
  type ChatMessage,
  followConversationEvents,
  isAbortError,
  listMessages,
  useSetInPerson,
} from '../../api';
import { useChatStore } from './chat.store';

/** How long to wait before following the events again after the stream ended or failed. */
const RECONNECT_MS = 2_000;

interface ConversationEventHandlers {
  onMessage(message: ChatMessage): void;
  onInPerson(inPerson: boolean): void;
  /** The stream opened again after it ended or failed: load what was missed meanwhile. */
  onReconnect(signal: AbortSignal): Promise<void>;
}

/**
 * Follows a conversation's events (GET /api/conversations/{id}/events) while `enabled`,
 * reconnecting after the stream ends or fails: the fan's open chat and the creator's inbox thread.
 */
export function useConversationEvents(
  conversationId: string | null,
  enabled: boolean,
  handlers: ConversationEventHandlers,
): void {
  // The newest handlers are used; the conversation and `enabled` decide the stream.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!conversationId || !enabled) return;
    const controller = new AbortController();
    let opened = 0;
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          await followConversationEvents(
            conversationId,
            {
              onOpen: () => {
                if (opened++ > 0) void latest.current.onReconnect(controller.signal).catch(() => undefined);
              },
              onMessage: (message) => latest.current.onMessage(message),
              onInPerson: (inPerson) => latest.current.onInPerson(inPerson),
            },
            controller.signal,
          );
        } catch (error) {
          if (isAbortError(error)) return;
          console.error('Lost the conversation events', error);
        }
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    };
    void follow();
    return () => controller.abort();
  }, [conversationId, enabled]);
}

/**
 * While the fan lets the creator read this conversation, its events are followed: an in-person
 * reply appears at once, without a reload. After a lost connection it shows the in-person messages
 * it missed from the newest page. The fan's own messages arrive with their send, not from here.
 */
export function useInPersonEvents(conversationId: string | null, enabled: boolean): void {
  const setInPerson = useSetInPerson(conversationId);
  useConversationEvents(conversationId, enabled, {
    onMessage: (message) => {
      if (message.role !== 'creator') return;
      useChatStore.getState().applyMessage(message);
      // Seen as it arrives: not an unread reply in /chats (docs/chat.md, "My chats").
      if (conversationId) markConversationReadSoon(conversationId);
    },
    onInPerson: setInPerson,
    onReconnect: async (signal) => {
      if (!conversationId) return;
      const page = await listMessages(conversationId, {}, signal);
      const shown = new Set(useChatStore.getState().messages.map((message) => message.id));
      for (const message of page.messages)
        if (message.role === 'creator' && !shown.has(message.id))
          useChatStore.getState().applyMessage(message);
    },
  });
}
