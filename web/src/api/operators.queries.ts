import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DemoAccountList,
  getEnvVars,
  getOutbox,
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
