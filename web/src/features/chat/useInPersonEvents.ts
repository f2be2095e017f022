import { useEffect } from 'react';
import { followConversationEvents, isAbortError, listMessages, useSetInPerson } from '../../api';
import { useChatStore } from './chat.store';

/** How long to wait before following the events again after the stream ended or failed. */
const RECONNECT_MS = 2_000;

/**
 * While the fan lets the creator read this conversation, its events are followed (GET
 * /api/conversations/{id}/events): an in-person reply appears at once, without a reload. After a
 * lost connection it reconnects and shows the in-person messages it missed from the newest page.
 */
export function useInPersonEvents(conversationId: string | null, enabled: boolean): void {
  const setInPerson = useSetInPerson(conversationId);
  useEffect(() => {
    if (!conversationId || !enabled) return;
    const controller = new AbortController();
    let opened = 0;
    const catchUp = async () => {
      const page = await listMessages(conversationId, {}, controller.signal);
      const shown = new Set(useChatStore.getState().messages.map((message) => message.id));
      for (const message of page.messages)
        if (message.role === 'creator' && !shown.has(message.id))
          useChatStore.getState().applyMessage(message);
    };
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          await followConversationEvents(
            conversationId,
            {
              onOpen: () => {
                if (opened++ > 0) void catchUp().catch(() => undefined);
              },
              onMessage: (message) => useChatStore.getState().applyMessage(message),
              onInPerson: setInPerson,
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
    // setInPerson is recreated each render; the conversation and the toggle decide the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, enabled]);
}
