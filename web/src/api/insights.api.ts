import { api, bodyOf } from './client';
import type { Schemas } from './types';

// What fans ask a creator's persona (docs/insights.md): topics, weekly counts and video ideas.

export type CreatorInsights = Schemas['CreatorInsightsResponse'];
export type InsightTopic = CreatorInsights['topics'][number];
export type VideoIdea = CreatorInsights['videoIdeas'][number];

export async function getCreatorInsights(
  creatorId: string,
  weeks: number,
  signal?: AbortSignal,
): Promise<CreatorInsights> {
  return bodyOf(
    await api.GET('/api/creators/{creatorId}/insights', {
      params: { path: { creatorId }, query: { weeks } },
      signal,
    }),
  );
}
