import type { SubscriptionList } from '../../api';

/** A subscription as billing lists it: $10 a month, paid to 1 June 2026 (noon UTC, the same day anywhere near). */
export const newSubscription = (creatorId: string, active: boolean, renews = active) => ({
  creatorId,
  status: active ? 'active' : 'canceled',
  startDate: '2026-05-01T12:00:00.000Z',
  endDate: '2026-06-01T12:00:00.000Z',
  active,
  renews,
  price: { amount: 1000, currency: 'usd' },
});

export const subscriptionList = (
  subscriptions: SubscriptionList['subscriptions'],
  canManageBilling = subscriptions.length > 0,
): SubscriptionList => ({ subscriptions, canManageBilling, paymentsConfigured: true });
