import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ApiError,
  checkRateLimit,
  isAbortError,
  sendMessage,
  useConversationQuery,
  useMessagePagesQuery,
  useRateLimitStatusQuery,
  type Creator,
  type RateLimitReply,
} from '../../api';
import { markConversationReadSoon } from '../../api/my-chats.api';
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import { useSessionStore } from '../session';
import { useChatStore } from './chat.store';
import { followReply, newProgress, replyFailed, type ReplyProgress, replyHandlers } from './follow-reply';
import { messageIdOf } from './merge-fragment';

export { REPLY_FAILED_MESSAGE } from './follow-reply';
/** The English words (specs assert them); the chat shows them in the reader's language. */
export const SESSION_FAILED_MESSAGE = en.chat.sessionFailed;

export type OlderStatus = 'idle' | 'loading' | 'error';

export interface OlderMessages {
  /** An older page exists and is not loaded yet. */
  hasMore: boolean;
  status: OlderStatus;
  /** Loads the next older page (nothing if there is none or one is loading). */
  load(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `c` from the address when it can be a conversation id (a UUID); the server answers 400 to anything else. */
function conversationIdOf(c: string | null): string | null {
  return c && UUID.test(c) ? c : null;
}

/**
 * The chat with one creator: opens the conversation and loads its newest messages on mount
 * (older pages on request), checks the rate limit (status check with an empty message), and sends
 * the draft (spec §4 Chat, §5). Server state comes from TanStack Query; the chat store holds what
 * is on screen, including messages sent and streamed since.
 */
export function useChat(creator: Creator): { send(): Promise<void>; older: OlderMessages } {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const streamRef = useRef<AbortController | null>(null);
  // `/@handle?c=<conversationId>` opens one conversation of several (docs/chat.md, "My chats"); a
  // `c` that is no conversation id at all (edited by hand) is ignored like an unknown one.
  const requested = conversationIdOf(useSearchParams()[0].get('c'));
  const conversation = useConversationQuery(userId, creator.id, requested);
  const conversationId = conversation.data?.id ?? null;
  const pages = useMessagePagesQuery(conversationId);
  const rateLimit = useRateLimitStatusQuery(userId, creator.id);

  useEffect(() => {
    const chat = useChatStore.getState();
    chat.reset();
    if (!userId) {
      // The session could not be established (spec §4: it falls back to guest without a user).
      chat.setHistoryStatus('error');
      chat.showError(i18n.t('chat.sessionFailed'));
      return;
    }
    chat.setHistoryStatus('loading');
    return () => {
      streamRef.current?.abort();
      useChatStore.getState().reset();
    };
  }, [creator.id, userId, requested]);

  useEffect(() => {
    if (conversationId) useChatStore.getState().setConversation(conversationId);
  }, [conversationId]);

  const history = pages.data;
  useEffect(() => {
    // Pages are newest first, each oldest first within itself.
    if (history)
      useChatStore.getState().setHistory([...history.pages].reverse().flatMap((page) => page.messages));
  }, [history]);

  // Opening the conversation reads its replies so far (the unread count in /chats drops to 0).
  const historyLoaded = !!history;
  useEffect(() => {
    if (conversationId && historyLoaded) markConversationReadSoon(conversationId);
  }, [conversationId, historyLoaded]);

  // A reply still streaming when the chat opens (a reload, another tab or device, a network drop
  // that reloaded the page) is attached to and followed live (docs/architecture.md).
  const resumedRef = useRef<string | null>(null);
  useEffect(() => {
    const newest = history?.pages[0]?.messages.at(-1);
    if (!conversationId || newest?.role !== 'assistant' || newest.status !== 'streaming') return;
    if (resumedRef.current === newest.id || streamRef.current) return;
    resumedRef.current = newest.id;
    const controller = new AbortController();
    streamRef.current = controller;
    useChatStore.setState({ isSending: true });
    void resume(conversationId, newest.id, newProgress(), controller).finally(() => {
      if (streamRef.current === controller) streamRef.current = null;
      useChatStore.setState({ isTyping: false, isSending: false });
    });
  }, [history, conversationId]);

  const historyFailed = conversation.isError || (pages.isError && !pages.data);
  const historyError = conversation.error ?? (pages.data ? null : pages.error);
  useEffect(() => {
    if (!historyFailed) return;
    console.error('Error loading conversation', historyError);
    const chat = useChatStore.getState();
    // A queued send cannot go out; the text stays in the box.
    chat.setSendQueued(false);
    chat.setHistoryStatus('error');
    chat.showError(i18n.t('chat.historyFailed'));
  }, [historyFailed, historyError]);

  // The status check on mount (spec §7) opens nothing: the limit dialog opens when the fan tries to
  // send (the send's own check), so reopening a chat after the free messages are spent is quiet.
  useEffect(() => {
    if (rateLimit.error) console.error('Rate-limit status check failed', rateLimit.error);
  }, [rateLimit.error]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const older: OlderMessages = {
    hasMore: hasNextPage,
    status: isFetchingNextPage ? 'loading' : isFetchNextPageError ? 'error' : 'idle',
    load: () => {
      // A scroll while a page is on its way joins that request instead of restarting it.
      if (hasNextPage) void fetchNextPage({ cancelRefetch: false });
    },
  };
  useEffect(() => {
    if (isFetchNextPageError) console.error('Error loading older messages', pages.error);
  }, [isFetchNextPageError, pages.error]);

  /** True while a send's rate-limit check is on its way. */
  const checkingRef = useRef(false);
  const send = useCallback(async () => {
    const chat = useChatStore.getState();
    const text = chat.draft;
    const conversationId = chat.conversationId;
    if (!useSessionStore.getState().user || !text.trim()) return;
    if (chat.isSending) {
      // Enter while a reply streams, or after its last fragment while its stream closes, is queued:
      // the draft goes out when the send ends (the effect below). During this send's own rate-limit
      // check the draft is the message being sent, so a second Enter is ignored.
      if (!checkingRef.current) chat.setSendQueued(true);
      return;
    }
    if (!conversationId) {
      // Sent before the conversation is open: keep it and send it once it is (see the effect below).
      if (chat.historyStatus !== 'error') chat.setSendQueued(true);
      return;
    }

    chat.setSending(true);
    let verdict: RateLimitReply | null = null;
    checkingRef.current = true;
    try {
      verdict = await checkRateLimit(creator.id, text);
    } catch (error) {
      console.error('Rate-limit check failed', error);
    } finally {
      checkingRef.current = false;
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
    // Where the reply got to: a stream that drops before its last fragment is attached again from there.
    const progress = newProgress();
    try {
      await sendMessage(
        conversationId,
        { content: [{ text }], aiContext: {} },
        replyHandlers(progress),
        controller.signal,
      );
      // The connection closed before the reply's end (a proxy, a gateway replica that went away).
      if (!progress.ended && progress.lastFragmentId) {
        useChatStore.setState({ isTyping: true });
        await followReply(conversationId, messageIdOf(progress.lastFragmentId), progress, controller.signal);
      }
    } catch (error) {
      if (!isAbortError(error)) {
        const state = useChatStore.getState();
        if (error instanceof ApiError && error.isRateLimited) {
          // Not accepted: take the message back into the draft and offer a subscription.
          state.removeMessage(localId);
          if (!state.draft) state.setDraft(text);
          state.openLimitNotice(error.nextAvailableTime);
        } else if (!(error instanceof ApiError) && progress.lastFragmentId && !progress.ended) {
          // The network dropped mid-reply: the reply goes on on the server; follow it from here.
          await resume(conversationId, messageIdOf(progress.lastFragmentId), progress, controller);
        } else {
          console.error('Error sending message', error);
          state.showError(error instanceof ApiError && !error.isNetworkError ? error.message : replyFailed());
        }
      }
    } finally {
      if (streamRef.current === controller) streamRef.current = null;
      useChatStore.setState({ isTyping: false, isSending: false });
      // The fan watched the reply arrive: it is not unread.
      markConversationReadSoon(conversationId);
    }
  }, [creator.id]);

  const openConversationId = useChatStore((state) => state.conversationId);
  const sendQueued = useChatStore((state) => state.sendQueued);
  const isSending = useChatStore((state) => state.isSending);
  useEffect(() => {
    if (!openConversationId || !sendQueued || isSending) return;
    useChatStore.getState().setSendQueued(false);
    void send();
  }, [openConversationId, sendQueued, isSending, send]);

  return { send, older };
}

/** Follows a reply the server goes on generating; its errors are shown, an abort is quiet. */
async function resume(
  conversationId: string,
  messageId: string,
  progress: ReplyProgress,
  controller: AbortController,
): Promise<void> {
  useChatStore.setState({ isTyping: true, error: null });
  try {
    await followReply(conversationId, messageId, progress, controller.signal);
  } catch (error) {
    if (!isAbortError(error)) console.error('Error following a reply', error);
  }
}

function timeOf(reply: RateLimitReply): string | null {
  return typeof reply.nextAvailableTime === 'string' && reply.nextAvailableTime
    ? reply.nextAvailableTime
    : null;
}
