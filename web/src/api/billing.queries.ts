import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCreator } from './creators.api';
import {
  getEarnings,
  getOnboardingStatus,
  getPrice,
  listSubscriptions,
  setPrice,
  type SubscriptionList,
} from './billing.api';

// Payment state is per user: every key carries the user id, so another account never sees a
// cached answer of the previous one.
const billingQueryKeys = {
  onboarding: (userId: string) => ['billing', 'onboarding', userId] as const,
  price: (userId: string) => ['billing', 'price', userId] as const,
  earnings: (userId: string) => ['billing', 'earnings', userId] as const,
  subscriptions: (userId: string) => ['billing', 'subscriptions', userId] as const,
};

/** Spec §4 Onboarding status of the signed-in creator (TanStack's pending state is 'loading'). */
export function useOnboardingStatusQuery(userId: string | null) {
  return useQuery({
    queryKey: billingQueryKeys.onboarding(userId ?? ''),
    queryFn: ({ signal }) => getOnboardingStatus(signal),
    enabled: userId !== null,
    retry: false,
  });
}

export function usePriceQuery(userId: string) {
  return useQuery({ queryKey: billingQueryKeys.price(userId), queryFn: ({ signal }) => getPrice(signal) });
}

/** The creator's earnings and funnel; kept for a minute (the figures move with payments, not clicks). */
export function useEarningsQuery(userId: string) {
  return useQuery({
    queryKey: billingQueryKeys.earnings(userId),
    queryFn: ({ signal }) => getEarnings(signal),
    staleTime: 60_000,
  });
}

export function useSetPriceMutation(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPrice,
    onSuccess: (split) => client.setQueryData(billingQueryKeys.price(userId), split),
  });
}

/**
 * The user's subscriptions and whether 'Manage Billing' can open (spec §7 getUserSubscriptionsFunc).
 * `pollEveryMs` asks again at that interval while set: after Checkout the subscription appears once
 * Stripe's webhook has reached billing (the caller stops it; features/payments/PaymentReturnView).
 */
export function useSubscriptionsQuery(userId: string | null, { pollEveryMs = 0 } = {}) {
  return useQuery({
    queryKey: billingQueryKeys.subscriptions(userId ?? ''),
    queryFn: ({ signal }) => listSubscriptions(signal),
    enabled: userId !== null,
    refetchInterval: pollEveryMs > 0 ? pollEveryMs : false,
  });
}

/** The creator of the user's current (latest active) subscription, for spec §2 '/'. */
export function useCurrentSubscriptionCreatorQuery(list: SubscriptionList | undefined) {
  const creatorId = list?.subscriptions.find((subscription) => subscription.active)?.creatorId ?? null;
  return useQuery({
    queryKey: ['creators', 'by-id', creatorId ?? ''],
    queryFn: ({ signal }) => getCreator(creatorId!, signal),
    enabled: creatorId !== null,
  });
}
