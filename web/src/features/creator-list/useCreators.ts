import { useCallback, useEffect, useState } from 'react';
import { isAbortError, listCreators, type Creator } from '../../api';

export type CreatorsState =
  | { status: 'loading'; creators: [] }
  | { status: 'ready'; creators: Creator[] }
  | { status: 'error'; creators: [] };

export function useCreators(): CreatorsState & { reload(): void } {
  const [state, setState] = useState<CreatorsState>({ status: 'loading', creators: [] });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // Goes when web-data moves this hook to TanStack Query (issue 8.1).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState({ status: 'loading', creators: [] });
    listCreators(controller.signal).then(
      (creators) => setState({ status: 'ready', creators }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Error fetching creators', error);
        setState({ status: 'error', creators: [] });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
