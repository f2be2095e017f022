import { useMutation } from '@tanstack/react-query';
import { type BoundaryInput, previewBoundaries } from './boundaries.api';

/** A preview stores nothing, so nothing is invalidated. */
export function useBoundaryPreviewMutation(creatorId: string) {
  return useMutation({
    mutationFn: ({ question, boundaries }: { question: string; boundaries: BoundaryInput[] }) =>
      previewBoundaries(creatorId, question, boundaries),
  });
}
