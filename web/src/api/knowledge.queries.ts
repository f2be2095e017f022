import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Knowledge } from './knowledge.api';
import { getKnowledge } from './knowledge.api';

const knowledgeKeys = {
  of: (creatorId: string | null) => ['creator', 'knowledge', creatorId] as const,
};

/** The knowledge; polled every 2 s while re-indexing, so the progress moves. */
export function useKnowledgeQuery(creatorId: string | null) {
  return useQuery({
    queryKey: knowledgeKeys.of(creatorId),
    queryFn: ({ signal }) => getKnowledge(creatorId!, signal),
    enabled: creatorId !== null,
    refetchInterval: (query) => (query.state.data?.indexing.state === 'indexing' ? 2_000 : false),
  });
}

/** Any change: the cache takes the server's answer (the whole knowledge, re-indexing under way). */
export function useKnowledgeMutation<Input>(
  creatorId: string | null,
  change: (creatorId: string, input: Input) => Promise<Knowledge>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change(creatorId!, input),
    onSuccess: (knowledge) => client.setQueryData(knowledgeKeys.of(creatorId), knowledge),
  });
}
