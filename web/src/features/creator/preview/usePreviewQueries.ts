import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../session';
import {
  askPreview,
  discardPersonaDraft,
  getPersonaDraft,
  type PersonaDraft,
  publishPersonaDraft,
  savePersonaDraft,
} from '../../../api';

const useUserId = () => useSessionStore((state) => state.user?.userId ?? '');
const draftKey = (userId: string) => ['creator', 'draft', userId] as const;

/** The caller's draft with the published definition beside it. */
export function usePersonaDraftQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: draftKey(userId),
    queryFn: ({ signal }) => getPersonaDraft(signal),
    enabled: userId !== '',
  });
}

/**
 * Save, publish and discard answer the new draft, which replaces the cached one. Publishing
 * changes the published prompt (a new version) and boundaries, so those are read again.
 */
export function usePersonaDraftMutations() {
  const userId = useUserId();
  const client = useQueryClient();
  const onSuccess = (draft: PersonaDraft) => client.setQueryData(draftKey(userId), draft);
  return {
    save: useMutation({ mutationFn: savePersonaDraft, onSuccess }),
    publish: useMutation({
      mutationFn: publishPersonaDraft,
      onSuccess: async (draft) => {
        onSuccess(draft);
        await Promise.all([
          client.invalidateQueries({ queryKey: ['creator', 'prompt'] }),
          client.invalidateQueries({ queryKey: ['creator', 'boundaries'] }),
        ]);
      },
    }),
    discard: useMutation({ mutationFn: discardPersonaDraft, onSuccess }),
  };
}

/** The draft is read again (a rollback may make the draft's prompt the published one). */
export function useInvalidatePersonaDraft() {
  const userId = useUserId();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: draftKey(userId) });
}

/** A preview answer stores nothing, so nothing is invalidated. */
export function usePreviewAskMutation() {
  return useMutation({ mutationFn: askPreview });
}
