import { useEffect, useState } from 'react';
import { findCreatorByHandle, isAbortError, type Creator } from '../../api';

export type CreatorLookup =
  | { status: 'loading'; creator: null }
  | { status: 'found'; creator: Creator }
  | { status: 'missing'; creator: null }
  | { status: 'error'; creator: null };

/** Finds the creator for a chat handle; `null` handle means there is nothing to look up. */
export function useCreatorByHandle(handle: string | null): CreatorLookup {
  const [lookup, setLookup] = useState<CreatorLookup>({ status: 'loading', creator: null });

  useEffect(() => {
    if (handle === null) return;
    const controller = new AbortController();
    // Goes when web-data moves this hook to TanStack Query (issue 8.1).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLookup({ status: 'loading', creator: null });
    findCreatorByHandle(handle, controller.signal).then(
      (creator) => setLookup(creator ? { status: 'found', creator } : { status: 'missing', creator: null }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Error loading creator', error);
        setLookup({ status: 'error', creator: null });
      },
    );
    return () => controller.abort();
  }, [handle]);

  return lookup;
}
