import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMemory, forgetMemories, listMemories, setMemoryEnabled, updateMemory } from './memory.api';

const memoryKeys = {
  all: ['memories'] as const,
  of: (creatorId: string | undefined) => ['memories', creatorId ?? 'all'] as const,
};

/** The fan's memories of one creator (or all) and whether memory is on. */
export function useMemoriesQuery(creatorId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: memoryKeys.of(creatorId),
    queryFn: ({ signal }) => listMemories(creatorId, signal),
    enabled,
    retry: false,
  });
}

/** Edit, delete, forget everything and the switch; each refreshes every memory list. */
export function useMemoryMutations(creatorId: string | undefined) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: memoryKeys.all });
  return {
    update: useMutation({
      mutationFn: ({ id, text }: { id: string; text: string }) => updateMemory(id, text),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteMemory(id), onSuccess }),
    forget: useMutation({ mutationFn: () => forgetMemories(creatorId), onSuccess }),
    setEnabled: useMutation({ mutationFn: (enabled: boolean) => setMemoryEnabled(enabled), onSuccess }),
  };
}
