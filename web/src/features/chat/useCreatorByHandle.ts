import { useEffect } from 'react';
import { useCreatorByHandleQuery, type Creator } from '../../api';

export type CreatorLookup =
  | { status: 'loading'; creator: null }
  | { status: 'found'; creator: Creator }
  | { status: 'missing'; creator: null }
  | { status: 'error'; creator: null };

/** Finds the creator for a chat handle; `null` handle means there is nothing to look up. */
export function useCreatorByHandle(handle: string | null): CreatorLookup {
  const query = useCreatorByHandleQuery(handle);
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Error loading creator', error);
  }, [error]);
  if (query.isError) return { status: 'error', creator: null };
  if (query.isPending) return { status: 'loading', creator: null };
  return query.data ? { status: 'found', creator: query.data } : { status: 'missing', creator: null };
}
