import { useQuery } from '@tanstack/react-query';
import { getCreatorInsights } from './insights.api';

/** The creator's insights; grouping runs in the background, so this only reads. */
export function useCreatorInsightsQuery(creatorId: string | null, weeks: number) {
  return useQuery({
    queryKey: ['creator', 'insights', creatorId ?? '', weeks] as const,
    queryFn: ({ signal }) => getCreatorInsights(creatorId!, weeks, signal),
    enabled: creatorId !== null,
  });
}
