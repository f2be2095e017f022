import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DemoAccountList,
  getEnvVars,
  getOutbox,
  getResyncRound,
  listDemoAccounts,
  updateDemoAccountPrompt,
} from './operators.api';

const operatorQueryKeys = {
  demoAccounts: ['admin', 'demo-accounts'] as const,
  envVars: ['dev', 'env-vars'] as const,
};

export function useDemoAccountsQuery() {
  return useQuery({
    queryKey: operatorQueryKeys.demoAccounts,
    queryFn: ({ signal }) => listDemoAccounts(signal),
    retry: false,
  });
}

export function useUpdateDemoAccountPromptMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, creatorPrompt }: { creatorId: string; creatorPrompt: string }) =>
      updateDemoAccountPrompt(creatorId, creatorPrompt),
    onSuccess: (updated) =>
      client.setQueryData<DemoAccountList>(
        operatorQueryKeys.demoAccounts,
        (list) =>
          list && {
            demoAccounts: list.demoAccounts.map((demo) =>
              demo.creatorId === updated.creatorId ? updated : demo,
            ),
          },
      ),
  });
}

export function useEnvVarsQuery() {
  return useQuery({
    queryKey: operatorQueryKeys.envVars,
    queryFn: ({ signal }) => getEnvVars(signal),
    retry: false,
  });
}

export function useOutboxQuery() {
  return useQuery({ queryKey: ['dev', 'outbox'], queryFn: ({ signal }) => getOutbox(signal), retry: false });
}

/** Re-sync rounds poll until every run has succeeded or failed. */
const RESYNC_POLL_MS = 1000;

export function useResyncRoundQuery(roundId: string | null) {
  return useQuery({
    queryKey: ['dev', 'resync-round', roundId],
    queryFn: ({ signal }) => getResyncRound(roundId!, signal),
    enabled: roundId !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.finished ? false : RESYNC_POLL_MS),
  });
}
