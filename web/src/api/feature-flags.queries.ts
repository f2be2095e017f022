import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createFeatureFlag,
  type FeatureFlagList,
  getEnvironment,
  listFeatureFlags,
  setFeatureFlag,
} from './feature-flags.api';

const flagQueryKeys = {
  environment: ['environment'] as const,
  flags: ['feature-flags'] as const,
};

/** The page's environment; it does not change while the page is open. */
export function useEnvironmentQuery() {
  return useQuery({
    queryKey: flagQueryKeys.environment,
    queryFn: ({ signal }) => getEnvironment(signal),
    staleTime: Infinity,
  });
}

export function useFeatureFlagsQuery() {
  return useQuery({ queryKey: flagQueryKeys.flags, queryFn: ({ signal }) => listFeatureFlags(signal) });
}

/** Spec §4 Feature flag toggle: shown at once, reverted when the server refuses. */
export function useToggleFeatureFlagMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setFeatureFlag(id, enabled),
    onMutate: async ({ id, enabled }) => {
      await client.cancelQueries({ queryKey: flagQueryKeys.flags });
      const previous = client.getQueryData<FeatureFlagList>(flagQueryKeys.flags);
      client.setQueryData<FeatureFlagList>(
        flagQueryKeys.flags,
        (list) =>
          list && {
            ...list,
            flags: list.flags.map((flag) => (flag.id === id ? { ...flag, enabled } : flag)),
          },
      );
      return { previous };
    },
    onError: (_error, _input, context) => client.setQueryData(flagQueryKeys.flags, context?.previous),
    onSuccess: (updated) =>
      client.setQueryData<FeatureFlagList>(
        flagQueryKeys.flags,
        (list) =>
          list && { ...list, flags: list.flags.map((flag) => (flag.id === updated.id ? updated : flag)) },
      ),
  });
}

export function useCreateFeatureFlagMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFeatureFlag,
    onSuccess: () => client.invalidateQueries({ queryKey: flagQueryKeys.flags }),
  });
}
