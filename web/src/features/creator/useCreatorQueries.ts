import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disconnectTikTok,
  getContentProviders,
  getCreatorPrompt,
  getMyCreator,
  getTikTokConnection,
  getVerificationKey,
  listCreatorPosts,
  rollbackCreatorPrompt,
  saveCreatorPrompt,
  setAudienceMinimum,
} from '../../api';
import { useSessionStore } from '../session';

// Per-user answers are keyed by the user, so another account in this tab never sees them.
const keys = {
  myCreator: (userId: string) => ['creator', 'me', userId] as const,
  posts: (creatorId: string) => ['creator', 'posts', creatorId] as const,
  verificationKey: (userId: string) => ['creator', 'verification-key', userId] as const,
  providers: ['creator', 'content-providers'] as const,
  prompt: (userId: string) => ['creator', 'prompt', userId] as const,
  tikTok: (userId: string) => ['creator', 'tiktok-connection', userId] as const,
};

const useUserId = () => useSessionStore((state) => state.user?.userId ?? '');

/** The creator profile the signed-in user owns (null when they are not a creator). */
export function useMyCreatorQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: keys.myCreator(userId),
    queryFn: ({ signal }) => getMyCreator(signal),
    enabled: userId !== '',
  });
}

export function useCreatorPostsQuery(creatorId: string | null) {
  return useQuery({
    queryKey: keys.posts(creatorId ?? ''),
    queryFn: ({ signal }) => listCreatorPosts(creatorId!, signal),
    enabled: creatorId !== null,
  });
}

export function useVerificationKeyQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: keys.verificationKey(userId),
    queryFn: ({ signal }) => getVerificationKey(signal),
    enabled: userId !== '',
    staleTime: Infinity,
    retry: false,
  });
}

export function useContentProvidersQuery() {
  return useQuery({ queryKey: keys.providers, queryFn: ({ signal }) => getContentProviders(signal) });
}

export function useCreatorPromptQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: keys.prompt(userId),
    queryFn: ({ signal }) => getCreatorPrompt(signal),
    enabled: userId !== '',
  });
}

/** Saving or restoring a prompt answers the new prompt and versions: they replace the cached ones. */
export function usePromptMutations() {
  const userId = useUserId();
  const client = useQueryClient();
  const onSuccess = (data: Awaited<ReturnType<typeof saveCreatorPrompt>>) =>
    client.setQueryData(keys.prompt(userId), data);
  return {
    save: useMutation({ mutationFn: saveCreatorPrompt, onSuccess }),
    rollback: useMutation({ mutationFn: rollbackCreatorPrompt, onSuccess }),
  };
}

/** Sets the creator's audience minimum; the cached creator profile takes the answer. */
export function useAudienceMinimumMutation(creatorId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minimum: Parameters<typeof setAudienceMinimum>[1]) => setAudienceMinimum(creatorId, minimum),
    onSuccess: ({ audienceMinimum }) =>
      client.setQueryData(keys.myCreator(userId), (creator: Awaited<ReturnType<typeof getMyCreator>>) =>
        creator ? { ...creator, audienceMinimum } : creator,
      ),
  });
}

/** The signed-in user's TikTok connection; asked only when the TikTok API provider is offered. */
export function useTikTokConnectionQuery(offered: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: keys.tikTok(userId),
    queryFn: ({ signal }) => getTikTokConnection(signal),
    enabled: offered && userId !== '',
  });
}

export function useTikTokDisconnect() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectTikTok,
    onSuccess: () => client.setQueryData(keys.tikTok(userId), { connection: null }),
  });
}
