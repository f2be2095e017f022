import { useQueries } from '@tanstack/react-query';
import { type Creator, getCreator } from '../../api';

/** The creators of the fan's chats by id (public profiles, fetched once each); absent while loading or gone. */
export function useCreatorsById(ids: string[]): Map<string, Creator> {
  const distinct = [...new Set(ids)];
  return useQueries({
    queries: distinct.map((id) => ({
      queryKey: ['creators', 'by-id', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getCreator(id, signal),
      staleTime: 5 * 60_000,
      retry: false,
    })),
    combine: (results) => {
      const byId = new Map<string, Creator>();
      results.forEach((result, index) => {
        if (result.data) byId.set(distinct[index]!, result.data);
      });
      return byId;
    },
  });
}
