import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BoundaryInput, getBoundaries, previewBoundaries, saveBoundaries } from './boundaries.api';

const boundaryKeys = {
  list: (creatorId: string) => ['creator', 'boundaries', creatorId] as const,
};

export function useBoundariesQuery(creatorId: string) {
  return useQuery({
    queryKey: boundaryKeys.list(creatorId),
    queryFn: ({ signal }) => getBoundaries(creatorId, signal),
  });
}

/** Saving replaces the list; the cache takes the server's answer (with its ids). */
export function useSaveBoundariesMutation(creatorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (boundaries: BoundaryInput[]) => saveBoundaries(creatorId, boundaries),
    onSuccess: (list) => client.setQueryData(boundaryKeys.list(creatorId), list),
  });
}

/** A preview stores nothing, so nothing is invalidated. */
export function useBoundaryPreviewMutation(creatorId: string) {
  return useMutation({
    mutationFn: ({ question, boundaries }: { question: string; boundaries: BoundaryInput[] }) =>
      previewBoundaries(creatorId, question, boundaries),
  });
}
