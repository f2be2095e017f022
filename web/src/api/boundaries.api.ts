import { api, bodyOf } from './client';
import type { Schemas } from './types';

// Creator boundaries (docs/safety.md, "Creator boundaries"): topics the persona must not discuss,
// edited on /creator/tools (saved through the draft, drafts.api.ts), and the preview of a fan question against them.

export type BoundaryInput = Schemas['BoundarySetBody']['boundaries'][number];
export type BoundaryPreview = Schemas['BoundaryPreviewResponse'];

export async function previewBoundaries(
  creatorId: string,
  question: string,
  boundaries: BoundaryInput[],
): Promise<BoundaryPreview> {
  return bodyOf(
    await api.POST('/api/creators/{creatorId}/boundaries/preview', {
      params: { path: { creatorId } },
      body: { question, boundaries },
    }),
  );
}
