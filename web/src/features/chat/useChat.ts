import { useCallback, useEffect, useRef } from 'react';
import {
  ApiError,
  checkRateLimit,
  isAbortError,
  listMessages,
  openConversation,
  sendMessage,
  type Creator,
  type RateLimitReply,
} from '../../api';
import { useSessionStore } from '../session';
import { useChatStore } from './chat.store';

export const REPLY_FAILED_MESSAGE = 'Something went wrong while getting a reply. Please try again.';
export const HISTORY_FAILED_MESSAGE =
  "We couldn't load this conversation. Please refresh the page to try again.";
export const SESSION_FAILED_MESSAGE =
  "We couldn't start your chat session. Please refresh the page to try again.";

/**
 * The chat with one creator: opens the conversation and loads its history on mount, checks the
 * rate limit (status check with an empty message), and sends the draft (spec §4 Chat, §5).
 */
export function useChat(creator: Creator): { send(): Promise<void>; loadOlder(): Promise<void> } {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const streamRef = useRef<AbortController | null>(null);
  const olderRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const chat = useChatStore.getState();
    chat.reset();
    if (!userId) {
      // The session could not be established (spec §4: it falls back to guest without a user).
      chat.setHistoryStatus('error');
      chat.showError(SESSION_FAILED_MESSAGE);
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;

    chat.setHistoryStatus('loading');
    (async () => {
      try {
        const conversation = await openConversation(creator.id, signal);
        useChatStore.getState().setConversation(conversation.id);
        const newest = await listMessages(conversation.id, {}, signal);
        useChatStore.getState().setHistory(newest.messages, newest.nextCursor);
      } catch (error) {
        if (isAbortError(error)) return;
        console.error('Error loading conversation', error);
        // A queued send cannot go out; the text stays in the box.
        useChatStore.getState().setSendQueued(false);
        useChatStore.getState().setHistoryStatus('error');
        useChatStore.getState().showError(HISTORY_FAILED_MESSAGE);
      }
    })();

    checkRateLimit(creator.id, '', signal).then(
      (reply) => {
        if (reply?.canSendMessage === false) useChatStore.getState().openLimitNotice(timeOf(reply));
      },
      (error: unknown) => {
        if (!isAbortError(error)) console.error('Rate-limit status check failed', error);
      },
    );

    return () => {
      controller.abort();
      streamRef.current?.abort();
      olderRef.current?.abort();
      useChatStore.getState().reset();
    };
  }, [creator.id, userId]);

  const send = useCallback(async () => {
    const chat = useChatStore.getState();
    const text = chat.draft;
    const conversationId = chat.conversationId;
    if (!useSessionStore.getState().user || !text.trim() || chat.isSending) return;
    if (!conversationId) {
      // Sent before the conversation is open: keep it and send it once it is (see the effect below).
      if (chat.historyStatus !== 'error') chat.setSendQueued(true);
      return;
    }

    chat.setSending(true);
    let verdict: RateLimitReply | null = null;
    try {
      verdict = await checkRateLimit(creator.id, text);
    } catch (error) {
      console.error('Rate-limit check failed', error);
    }
    if (!verdict || typeof verdict.canSendMessage !== 'boolean') {
      // Spec §5: without a boolean answer the send is abandoned.
      useChatStore.getState().setSending(false);
      return;
    }
    if (!verdict.canSendMessage) {
      useChatStore.getState().openLimitNotice(timeOf(verdict));
      useChatStore.getState().setSending(false);
      return;
    }

    const localId = useChatStore.getState().addUserMessage(text);
    useChatStore.setState({ draft: '', isTyping: true, error: null });
    const controller = new AbortController();
    streamRef.current = controller;
    try {
      await sendMessage(
        conversationId,
        { content: [{ text }], aiContext: {} },
        {
          onFragment(fragment) {
            const state = useChatStore.getState();
            state.applyFragment(fragment);
            if (fragment.stopReason) {
              state.setTyping(false);
              if (fragment.stopReason === 'error') state.showError(REPLY_FAILED_MESSAGE);
            }
          },
          onCitations(event) {
            useChatStore.getState().applyCitations(event);
          },
          onError(error) {
            useChatStore.setState({ isTyping: false, error: error?.message || REPLY_FAILED_MESSAGE });
          },
        },
        controller.signal,
      );
    } catch (error) {
      if (!isAbortError(error)) {
        const state = useChatStore.getState();
        if (error instanceof ApiError && error.isRateLimited) {
          // Not accepted: take the message back into the draft and offer a subscription.
          state.removeMessage(localId);
          if (!state.draft) state.setDraft(text);
          state.openLimitNotice(error.nextAvailableTime);
        } else {
          console.error('Error sending message', error);
          state.showError(
            error instanceof ApiError && !error.isNetworkError ? error.message : REPLY_FAILED_MESSAGE,
          );
        }
      }
    } finally {
      if (streamRef.current === controller) streamRef.current = null;
      useChatStore.setState({ isTyping: false, isSending: false });
    }
  }, [creator.id]);

  const loadOlder = useCallback(async () => {
    const { conversationId, olderCursor, olderStatus, historyStatus } = useChatStore.getState();
    if (!conversationId || !olderCursor || olderStatus === 'loading' || historyStatus !== 'ready') return;
    const controller = new AbortController();
    olderRef.current = controller;
    useChatStore.getState().setOlderStatus('loading');
    try {
      const page = await listMessages(conversationId, { before: olderCursor }, controller.signal);
      useChatStore.getState().prependOlder(page.messages, page.nextCursor);
    } catch (error) {
      if (isAbortError(error)) return;
      console.error('Error loading older messages', error);
      useChatStore.getState().setOlderStatus('error');
    } finally {
      if (olderRef.current === controller) olderRef.current = null;
    }
  }, []);

  const conversationId = useChatStore((state) => state.conversationId);
  const sendQueued = useChatStore((state) => state.sendQueued);
  useEffect(() => {
    if (!conversationId || !sendQueued) return;
    useChatStore.getState().setSendQueued(false);
    void send();
  }, [conversationId, sendQueued, send]);

  return { send, loadOlder };
}

function timeOf(reply: RateLimitReply): string | null {
  return typeof reply.nextAvailableTime === 'string' && reply.nextAvailableTime
    ? reply.nextAvailableTime
    : null;
}
