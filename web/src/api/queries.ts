import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { checkRateLimit } from './chat.api';
import { listMessages, openConversation } from './conversations.api';
import { findCreatorByHandle, listCreators } from './creators.api';
import { ApiError } from './api-error';
import { getConversation } from './my-chats.api';

// Server state of the web app, as TanStack Query hooks over the generated client. Keys name the
// resource and everything the answer depends on (the user, for per-user answers).
const queryKeys = {
  creators: ['creators'] as const,
  creatorByHandle: (handle: string) => ['creators', 'by-handle', handle.toLowerCase()] as const,
  conversation: (userId: string, creatorId: string) => ['conversation', userId, creatorId] as const,
  messages: (conversationId: string) => ['conversation', 'messages', conversationId] as const,
  rateLimitStatus: (userId: string, creatorId: string) => ['rate-limit', userId, creatorId] as const,
};

/** Every creator (spec §2 'All Creators'). */
export function useCreatorsQuery() {
  return useQuery({ queryKey: queryKeys.creators, queryFn: ({ signal }) => listCreators(signal) });
}

/** The creator for a chat handle: null when there is none; disabled while `handle` is null. */
export function useCreatorByHandleQuery(handle: string | null) {
  return useQuery({
    queryKey: queryKeys.creatorByHandle(handle ?? ''),
    queryFn: ({ signal }) => findCreatorByHandle(handle!, signal),
    enabled: handle !== null,
  });
}

/**
 * The user's conversation with a creator: the one `requested` (`/@handle?c=<id>`, docs/chat.md)
 * when it is theirs and this creator's, else the latest (the server opens it, or returns the
 * existing one). Fetched once per mount of the chat.
 */
export function useConversationQuery(
  userId: string | null,
  creatorId: string,
  requested: string | null = null,
) {
  return useQuery({
    queryKey: [...queryKeys.conversation(userId ?? '', creatorId), requested ?? 'latest'],
    queryFn: async ({ signal }) => {
      if (requested) {
        const found = await getConversation(requested, signal).catch((error: unknown) => {
          // Gone (deleted in another tab) or not theirs: the latest conversation stands in.
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        });
        if (found?.creatorId === creatorId) return found;
      }
      return openConversation(creatorId, signal);
    },
    enabled: userId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * A conversation's messages, newest page first; `fetchNextPage` loads the page before the oldest
 * one loaded (by the reply's `nextCursor`). Not cached past the chat: replies streamed meanwhile
 * live in the chat store, and the next visit loads afresh.
 */
export function useMessagePagesQuery(conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages(conversationId ?? ''),
    queryFn: ({ pageParam, signal }) => listMessages(conversationId!, { before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: conversationId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Whether the user may send to this creator now (a status check with an empty message). */
export function useRateLimitStatusQuery(userId: string | null, creatorId: string) {
  return useQuery({
    queryKey: queryKeys.rateLimitStatus(userId ?? '', creatorId),
    queryFn: ({ signal }) => checkRateLimit(creatorId, '', signal),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The chat widget's server state that changes while the user is elsewhere — whether they may send
 * (a subscription bought, the limit's window passed) — marked stale, so a mounted chat asks again.
 */
export function refreshChatWidget(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['rate-limit'] });
}
