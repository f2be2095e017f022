import { api, bodyOf } from './client';
import type { Schemas } from './types';

// Sampled replies (docs/creators.md, "Sampled replies"): the creator's review on /creator/preview,
// and the fan's switch in the chat's memory panel.

export type ReplySamples = Schemas['ReplySampleListResponse'];
export type ReplySample = ReplySamples['samples'][number];
export type ReplySampleRating = NonNullable<ReplySample['rating']>;

const base = '/api/creators/{creatorId}/reply-samples' as const;

export async function listReplySamples(creatorId: string, signal?: AbortSignal): Promise<ReplySamples> {
  return bodyOf(await api.GET(base, { params: { path: { creatorId } }, signal }));
}

export async function rateReplySample(
  creatorId: string,
  sampleId: string,
  rating: ReplySampleRating | null,
): Promise<ReplySamples> {
  return bodyOf(
    await api.PUT(`${base}/{sampleId}/rating`, {
      params: { path: { creatorId, sampleId } },
      body: { rating },
    }),
  );
}

export async function getReplySampling(signal?: AbortSignal): Promise<boolean> {
  return bodyOf(await api.GET('/api/reply-sampling', { signal })).sampled;
}

export async function setReplySampling(sampled: boolean): Promise<boolean> {
  return bodyOf(await api.PUT('/api/reply-sampling', { body: { sampled } })).sampled;
}
