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
