import { apiJson } from './http';
import type { UrlReply } from './types';

/** Starts a Checkout session for a subscription to this creator; the browser is sent to the url. */
export function createCheckout(creatorId: string): Promise<UrlReply> {
  return apiJson<UrlReply>('/billing/checkout', { method: 'POST', body: { creatorId } });
}

/** Opens the payment provider's customer portal ('Manage Billing'). */
export function createPortalSession(returnUrl: string): Promise<UrlReply> {
  return apiJson<UrlReply>('/billing/portal', { method: 'POST', body: { returnUrl } });
}
