import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_SEARCH_MIN_LENGTH } from '@backtalk/proto/browser';
import { api, bodyOf } from './client';
import type { Conversation, Schemas } from './types';

// "My chats" (issue 24 item 1; docs/chat.md): the fan's conversations across creators, each one's
// title, unread replies, search of their own messages, rename and delete.

export type ConversationSummary = Schemas['ConversationListResponse']['conversations'][number];
export type ConversationSearchHit = Schemas['ConversationSearchResponse']['hits'][number];

async function listConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  return bodyOf(await api.GET('/api/conversations', { signal })).conversations;
}

export async function getConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return bodyOf(await api.GET('/api/conversations/{id}', { params: { path: { id } }, signal }));
}

/** "New chat": always a fresh conversation with the creator. */
export async function startConversation(creatorId: string): Promise<Conversation> {
  return bodyOf(await api.POST('/api/conversations', { body: { creatorId, fresh: true } }));
}

async function renameConversation(id: string, title: string): Promise<Conversation> {
  return bodyOf(await api.PATCH('/api/conversations/{id}', { params: { path: { id } }, body: { title } }));
}

async function deleteConversation(id: string): Promise<void> {
  bodyOf(await api.DELETE('/api/conversations/{id}', { params: { path: { id } } }));
}

/** The fan has seen the conversation up to now (its unread count drops to 0). */
async function markConversationRead(id: string): Promise<void> {
  bodyOf(await api.PUT('/api/conversations/{id}/read', { params: { path: { id } } }));
}

/**
 * Records, without waiting, that the fan has read the conversation (on opening it, after a reply,
 * when an in-person reply arrives while it is open); a failure only leaves replies counted unread.
 */
export function markConversationReadSoon(id: string): void {
  markConversationRead(id).catch((error: unknown) =>
    console.warn('Could not mark the conversation read', error),
  );
}

async function searchConversations(q: string, signal?: AbortSignal): Promise<ConversationSearchHit[]> {
  return bodyOf(await api.GET('/api/conversations/search', { params: { query: { q } }, signal })).hits;
}

const myChatsKeys = {
  all: ['my-chats'] as const,
  list: (userId: string) => ['my-chats', 'list', userId] as const,
  search: (userId: string, q: string) => ['my-chats', 'search', userId, q] as const,
};

/** The signed-in user's or guest's conversations, newest activity first. */
export function useMyChatsQuery(userId: string | null) {
  return useQuery({
    queryKey: myChatsKeys.list(userId ?? ''),
    queryFn: ({ signal }) => listConversations(signal),
    enabled: userId !== null,
    retry: false,
  });
}

/** The fan's own messages matching `q` (disabled under 2 characters). */
export function useChatSearchQuery(userId: string | null, q: string) {
  return useQuery({
    queryKey: myChatsKeys.search(userId ?? '', q),
    queryFn: ({ signal }) => searchConversations(q, signal),
    enabled: userId !== null && q.trim().length >= CONVERSATION_SEARCH_MIN_LENGTH,
    retry: false,
  });
}

/** Rename and delete; each refreshes the list (and searches). */
export function useMyChatsMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: myChatsKeys.all });
  return {
    rename: useMutation({
      mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(id, title),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteConversation(id), onSuccess }),
  };
}
