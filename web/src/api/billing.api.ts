import { api, bodyOf } from './client';
import type { Schemas } from './types';

export type OnboardingStatus = Schemas['OnboardingStatusResponse'];
export type PriceSplit = Schemas['PriceSplitResponse'];
export type SubscriptionList = Schemas['SubscriptionListResponse'];

/** 'Start Earning with Stripe': the creator's Connect account (made once) and its onboarding link. */
export async function startOnboarding(): Promise<Schemas['OnboardingStartResponse']> {
  return bodyOf(await api.POST('/api/billing/onboarding'));
}

export async function getOnboardingStatus(signal?: AbortSignal): Promise<OnboardingStatus> {
  return bodyOf(await api.GET('/api/billing/onboarding', { signal }));
}

/** /refresh/{accountId}: a new onboarding link for the caller's own account. */
export async function refreshOnboardingLink(accountId: string): Promise<string> {
  return bodyOf(
    await api.POST('/api/billing/onboarding/{accountId}/link', { params: { path: { accountId } } }),
  ).url;
}

/** A login link to the creator's Stripe Express dashboard. */
export async function createDashboardLink(): Promise<string> {
  return bodyOf(await api.POST('/api/billing/dashboard-link')).url;
}

export async function getPrice(signal?: AbortSignal): Promise<PriceSplit> {
  return bodyOf(await api.GET('/api/billing/price', { signal }));
}

export async function setPrice(pricePerSubscription: number): Promise<PriceSplit> {
  return bodyOf(await api.PUT('/api/billing/price', { body: { pricePerSubscription } }));
}

/** 'Subscribe': the Stripe Checkout page for this creator's monthly price. */
export async function createCheckout(creatorId: string): Promise<string> {
  return bodyOf(await api.POST('/api/billing/checkout', { body: { creatorId } })).url;
}

/** 'Manage Billing': the Stripe customer portal, coming back to `returnPath`. */
export async function createPortal(returnPath: string): Promise<string> {
  return bodyOf(await api.POST('/api/billing/portal', { body: { returnPath } })).url;
}

export async function listSubscriptions(signal?: AbortSignal): Promise<SubscriptionList> {
  return bodyOf(await api.GET('/api/billing/subscriptions', { signal }));
}

export type Earnings = Schemas['EarningsResponse'];

/** The signed-in creator's subscribers and revenue by week and their funnel (`/creator/payments`). */
export async function getEarnings(signal?: AbortSignal): Promise<Earnings> {
  return bodyOf(await api.GET('/api/billing/earnings', { signal }));
}
