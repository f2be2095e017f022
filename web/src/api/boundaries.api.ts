import { api, bodyOf } from './client';
import type { Schemas } from './types';

// Creator boundaries (docs/safety.md, "Creator boundaries"): topics the persona must not discuss,
// edited on /creator/tools, and the preview of a fan question against them.

export type BoundaryList = Schemas['BoundaryListResponse'];
export type Boundary = BoundaryList['boundaries'][number];
export type BoundaryInput = Schemas['BoundarySetBody']['boundaries'][number];
export type BoundaryPreview = Schemas['BoundaryPreviewResponse'];

export async function getBoundaries(creatorId: string, signal?: AbortSignal): Promise<BoundaryList> {
  return bodyOf(
    await api.GET('/api/creators/{creatorId}/boundaries', { params: { path: { creatorId } }, signal }),
  );
}

export async function saveBoundaries(creatorId: string, boundaries: BoundaryInput[]): Promise<BoundaryList> {
  return bodyOf(
    await api.PUT('/api/creators/{creatorId}/boundaries', {
      params: { path: { creatorId } },
      body: { boundaries },
    }),
  );
}

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
