import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, bodyOf } from './client';
import type { Schemas } from './types';

export type DiscoverReply = Schemas['DiscoverResponse'];
export type DiscoveredCreator = DiscoverReply['creators'][number];

/** One page of `/discover`: creators fans can open, matching the search text (blank: everyone). */
async function discoverCreators(
  search: { q: string; page: number },
  signal?: AbortSignal,
): Promise<DiscoverReply> {
  const query = {
    ...(search.q ? { q: search.q } : {}),
    ...(search.page > 1 ? { page: String(search.page) } : {}),
  };
  return bodyOf(await api.GET('/api/discover/creators', { params: { query }, signal }));
}

/** `/discover`'s results; the page shown stays while the next search loads. */
export function useDiscoverQuery(q: string, page: number) {
  return useQuery({
    queryKey: ['discover', q, page] as const,
    queryFn: ({ signal }) => discoverCreators({ q, page }, signal),
    placeholderData: keepPreviousData,
  });
}
