import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getDigestSetting,
  listPriceChanges,
  setDigestSetting,
  unsubscribeFromDigest,
} from './studio-mail.api';

const studioMailKeys = {
  priceChanges: (userId: string) => ['billing', 'price-changes', userId] as const,
  digest: (userId: string) => ['creators', 'digest-setting', userId] as const,
};

export function usePriceChangesQuery(userId: string) {
  return useQuery({
    queryKey: studioMailKeys.priceChanges(userId),
    queryFn: ({ signal }) => listPriceChanges(signal),
  });
}

/** Call after a price is saved: a change may now be pending. */
export function useRefreshPriceChanges(userId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: studioMailKeys.priceChanges(userId) });
}

export function useDigestSettingQuery(userId: string) {
  return useQuery({
    queryKey: studioMailKeys.digest(userId),
    queryFn: ({ signal }) => getDigestSetting(signal),
  });
}

export function useSetDigestSettingMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDigestSetting,
    onSuccess: (setting) => client.setQueryData(studioMailKeys.digest(userId), setting),
  });
}

export function useDigestUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribeFromDigest });
}
