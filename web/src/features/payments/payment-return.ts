import type { SubscriptionList } from '../../api';
import { en } from '../../i18n/locales/en';

// Returns from Stripe Checkout (spec §2 '/'; docs/billing.md, "Coming back from Checkout").

/** Which return from Checkout a URL's query is: the success URL, the cancel URL, or neither. */
export type PaymentReturn = 'success' | 'cancel';

/** `?section=stripe&refresh=true` is the success return, `?section=ai-chat` the cancel one. */
export function paymentReturnOf(params: URLSearchParams): PaymentReturn | null {
  const section = params.get('section');
  if (section === 'stripe' && params.get('refresh') === 'true') return 'success';
  if (section === 'ai-chat') return 'cancel';
  return null;
}

/** The English words (tests); screens say `t('payments.checkoutCancelled')`. */
export const CHECKOUT_CANCELLED_TEXT = en.payments.checkoutCancelled;

/** The state the cancel return opens the chat with (features/chat says nothing was charged). */
export interface CheckoutReturnState {
  checkoutCancelled?: boolean;
}

/** The creator a Checkout was opened for, remembered in this tab (session storage) on 'Subscribe'. */
export interface CheckoutFor {
  creatorId: string;
  handle: string;
}

const CHECKOUT_KEY = 'backtalk.checkout';

export function rememberCheckout(creator: CheckoutFor, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(CHECKOUT_KEY, JSON.stringify({ creatorId: creator.creatorId, handle: creator.handle }));
  } catch {
    // Storage refused (private mode, quota): the returns fall back to what they can do without it.
  }
}

/** The remembered Checkout's creator; null when none or unreadable. */
export function rememberedCheckout(storage: Storage = sessionStorage): CheckoutFor | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(CHECKOUT_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { creatorId, handle } = value as Record<string, unknown>;
    return typeof creatorId === 'string' && typeof handle === 'string' && creatorId && handle
      ? { creatorId, handle }
      : null;
  } catch {
    return null;
  }
}

export function forgetCheckout(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(CHECKOUT_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * Whether billing has applied the payment's webhook: the fan holds an active subscription to the
 * creator the Checkout was for (to any creator when this tab does not remember which).
 */
export function paymentConfirmed(list: SubscriptionList | undefined, checkout: CheckoutFor | null): boolean {
  return !!list?.subscriptions.some(
    (subscription) => subscription.active && (!checkout || subscription.creatorId === checkout.creatorId),
  );
}

/** How long the success return asks billing again before it explains what to do (ms). */
export const CONFIRM_POLL_INTERVAL_MS = 2000;
export const CONFIRM_POLL_FOR_MS = 60_000;
