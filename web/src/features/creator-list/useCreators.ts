import { useEffect } from 'react';
import { useCreatorsQuery, type Creator } from '../../api';

export type CreatorsState =
  | { status: 'loading'; creators: [] }
  | { status: 'ready'; creators: Creator[] }
  | { status: 'error'; creators: [] };

export function useCreators(): CreatorsState & { reload(): void } {
  const query = useCreatorsQuery();
  const { error, refetch } = query;
  useEffect(() => {
    if (error) console.error('Error fetching creators', error);
  }, [error]);
  const reload = () => void refetch();
  if (query.isPending) return { status: 'loading', creators: [], reload };
  if (query.isError) return { status: 'error', creators: [], reload };
  return { status: 'ready', creators: query.data, reload };
}
