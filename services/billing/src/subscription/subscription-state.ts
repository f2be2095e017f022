import { UnprocessableMessageError } from '@backtalk/kit';
import type { PaymentRecord } from '../earnings/earnings.repository';
import { type ObjectVersion, supersedes } from '../webhook-event/object-version';
import type { SubscriberKey } from '../webhook-event/stripe-objects';
import type { CreatorSubscriptionEntity } from './creator-subscription.entity';

/** The whole of one fan's subscription to one creator, as stored (the fan owns the row). */
export type SubscriptionState = Omit<CreatorSubscriptionEntity, 'owner'>;

/**
 * How far along its life a subscription state is: two events of the same
 * second apply in this order, whatever order they arrive in.
 */
const STATUS_RANK: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 1,
  past_due: 2,
  paused: 3,
  unpaid: 3,
  canceled: 4,
  incomplete_expired: 4,
};
const rankOf = (status: string): number => STATUS_RANK[status] ?? 1;
const GRANTS_ACCESS = new Set(['active', 'trialing']);

interface Delivery {
  /** The event's `created` time. */
  created: Date;
  /**
   * The fan and the creator, from the metadata Backtalk's Checkout sets or (but for a checkout
   * session) the stored row of the subscription; null: not a subscription Backtalk made.
   */
  subscriber: SubscriberKey | null;
}

interface CheckoutCompleted extends Delivery {
  type: 'checkout.session.completed';
  sessionId: string;
  /** False: a one-off payment, nothing to do with subscriptions. */
  subscriptionMode: boolean;
  subscriptionId: string | null;
  /** Paid, or nothing to pay. */
  paid: boolean;
  invoiceId: string | null;
}

interface SubscriptionChanged extends Delivery {
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  subscriptionId: string;
  /** Stripe's status of the subscription. */
  status: string;
  startDate: Date;
  /** The end of the current period; null when the object names none. */
  periodEnd: Date | null;
  canceledAt: Date | null;
}

interface InvoiceSettled extends Delivery {
  type: 'invoice.paid' | 'invoice.payment_failed';
  invoiceId: string;
  /** Null: a one-off invoice, not a subscription's. */
  subscriptionId: string | null;
  /** The end of the latest period the invoice paid for; null when it names none. */
  paidThrough: Date | null;
  /** A paid invoice with an amount: the revenue to record. */
  payment: Omit<PaymentRecord, 'userId' | 'creatorId' | 'stripeSubscriptionId'> | null;
}

/** A Stripe event about a subscription, read from its object (stripe-objects.ts). */
export type SubscriptionEvent = CheckoutCompleted | SubscriptionChanged | InvoiceSettled;

/** What billing has stored that an event is judged against. */
export interface StoredSubscription {
  /** The event's id is recorded already: this is a redelivery. */
  eventAlreadyApplied: boolean;
  /** The fan's subscription to the creator; null: none yet. */
  row: SubscriptionState | null;
  /** The newest event applied of the event's Stripe subscription; null: none yet. */
  version: ObjectVersion | null;
  /** When the row belongs to another Stripe subscription: the time of that one's newest event. */
  otherSubscriptionSeenAt: Date | null;
}

/** Why an event changed what it changed, or nothing. */
type TransitionReason =
  | 'applied'
  /** The event id was applied before. */
  | 'duplicate'
  /** Older than the newest event applied of its subscription (only a missing start date is filled in). */
  | 'stale'
  /** A one-off payment or invoice. */
  | 'one-off'
  /** No Backtalk metadata, and no row of its subscription. */
  | 'not-ours'
  /** The row belongs to another subscription of the fan to the creator, which says more. */
  | 'other-subscription'
  /** A checkout session whose subscription's own events were applied already (they say more). */
  | 'already-recorded';

export interface SubscriptionTransition {
  reason: TransitionReason;
  /** The row's whole next state; null: the row stays as it is. */
  state: SubscriptionState | null;
  /** The subscription's newest applied event from now on; null: unchanged. */
  version: ObjectVersion | null;
  /** Revenue to record: a paid invoice's money moved whatever the row says. */
  payment: PaymentRecord | null;
}

/**
 * The next state of a fan's subscription to a creator after one Stripe event
 * (docs/billing.md, "Events handled" and "Once, and in any order"). Stripe
 * objects carry their whole state, so an event sets the row from its object —
 * unless a newer event of that subscription was applied. Paid access only
 * grows: `endDate` is the end of the last paid period, and `status` stays
 * 'active' until then. Throws UnprocessableMessageError for an event whose
 * object lacks what its type needs.
 */
export function nextSubscriptionState(
  current: StoredSubscription,
  event: SubscriptionEvent,
  now: Date,
): SubscriptionTransition {
  if (current.eventAlreadyApplied) return unchanged('duplicate');
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(current, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceSettled(current, event, now);
    default:
      return subscriptionChanged(current, event, now);
  }
}

/** The fan paid at Checkout: access starts now, for a month until the subscription's events say more. */
function checkoutCompleted(current: StoredSubscription, event: CheckoutCompleted): SubscriptionTransition {
  if (!event.subscriptionMode) return unchanged('one-off');
  const { subscriber, subscriptionId, created } = event;
  if (!subscriber) return unchanged('not-ours');
  if (!subscriptionId)
    throw new UnprocessableMessageError(
      `checkout session ${event.sessionId} completed without a subscription`,
    );
  const status = event.paid ? 'active' : 'incomplete';
  const version = { observedAt: created, rank: rankOf(status) };
  if (!supersedes(version, current.version)) return unchanged('stale');
  const { row } = current;
  if (row?.stripeSubscriptionId === subscriptionId) return unchanged('already-recorded', version);
  if (row && supersededBy(current, created)) return unchanged('other-subscription', version);
  return applied(version, {
    ...subscriber,
    startDate: created,
    endDate: event.paid ? oneMonthAfter(created) : created,
    status,
    paymentId: event.invoiceId,
    stripeSubscriptionId: subscriptionId,
    stripeStatus: status,
    canceledAt: null,
  });
}

/**
 * The subscription object's state. Active or trialing: access to the end of
 * the current period. Past due, unpaid, cancelled or expired: no further
 * period is granted; access runs to the end of the last paid one.
 */
function subscriptionChanged(
  current: StoredSubscription,
  event: SubscriptionChanged,
  now: Date,
): SubscriptionTransition {
  const { subscriber, subscriptionId, created } = event;
  if (!subscriber) return unchanged('not-ours');
  const version = { observedAt: created, rank: rankOf(event.status) };
  const { row } = current;
  const same = row?.stripeSubscriptionId === subscriptionId ? row : null;
  const startDate = same ? earlier(same.startDate, event.startDate) : event.startDate;
  if (!supersedes(version, current.version)) {
    // Older than what is known: only the start date, the same in every event of it, may still be filled in.
    const state = same && startDate < same.startDate ? { ...same, startDate } : null;
    return { reason: 'stale', state, version: null, payment: null };
  }
  const grants = GRANTS_ACCESS.has(event.status);
  // Another subscription of the fan to this creator holds the row: this one ending changes nothing.
  if (row && !same && (!grants || supersededBy(current, created)))
    return unchanged('other-subscription', version);
  if (grants && !event.periodEnd)
    throw new UnprocessableMessageError(`subscription ${subscriptionId} has no current period end`);
  // Paid access only grows: an active state reaches its period end; any other keeps the last paid one.
  const lastPaid = same ? same.endDate : startDate;
  const endDate = grants && event.periodEnd ? later(lastPaid, event.periodEnd) : lastPaid;
  return applied(version, {
    ...subscriber,
    startDate,
    endDate,
    status: accessStatus(event.status, endDate, now),
    paymentId: same?.paymentId ?? null,
    stripeSubscriptionId: subscriptionId,
    stripeStatus: event.status,
    canceledAt: event.canceledAt,
  });
}

/**
 * A paid invoice extends access to the end of the period it paid, in any
 * order (paid access only grows, so it needs no version); a failed one marks
 * the subscription past due without taking access already paid for.
 */
function invoiceSettled(
  current: StoredSubscription,
  event: InvoiceSettled,
  now: Date,
): SubscriptionTransition {
  const { subscriber, subscriptionId, created } = event;
  if (!subscriptionId) return unchanged('one-off');
  if (!subscriber) return unchanged('not-ours');
  const payment = event.payment && { ...event.payment, ...subscriber, stripeSubscriptionId: subscriptionId };
  const paid = event.type === 'invoice.paid';
  const version = paid ? null : { observedAt: created, rank: rankOf('past_due') };
  if (version && !supersedes(version, current.version)) return unchanged('stale');
  const { row } = current;
  if (row && row.stripeSubscriptionId !== subscriptionId && supersededBy(current, created))
    return { reason: 'other-subscription', state: null, version, payment };
  const same = row?.stripeSubscriptionId === subscriptionId ? row : null;
  const kept = {
    ...subscriber,
    startDate: same?.startDate ?? created,
    stripeSubscriptionId: subscriptionId,
    canceledAt: same?.canceledAt ?? null,
  };
  if (!paid) {
    const endDate = same?.endDate ?? created;
    return applied(version, {
      ...kept,
      endDate,
      status: accessStatus('past_due', endDate, now),
      paymentId: same?.paymentId ?? null,
      stripeStatus: 'past_due',
    });
  }
  if (!event.paidThrough)
    throw new UnprocessableMessageError(`invoice ${event.invoiceId} has no period it paid for`);
  const endDate = same ? later(same.endDate, event.paidThrough) : event.paidThrough;
  return {
    ...applied(version, {
      ...kept,
      endDate,
      status: endDate > now ? 'active' : (same?.status ?? 'active'),
      paymentId: event.invoiceId,
      stripeStatus: same ? same.stripeStatus : 'active',
    }),
    payment,
  };
}

/** 'active' while paid access lasts; once it is over, Stripe's word for why. */
function accessStatus(stripeStatus: string, endDate: Date, now: Date): string {
  if (endDate > now && stripeStatus !== 'incomplete' && stripeStatus !== 'incomplete_expired')
    return 'active';
  return GRANTS_ACCESS.has(stripeStatus) ? 'active' : stripeStatus;
}

/** The row belongs to another subscription whose newest event is newer than this one. */
function supersededBy(current: StoredSubscription, created: Date): boolean {
  return current.otherSubscriptionSeenAt !== null && current.otherSubscriptionSeenAt > created;
}

function unchanged(reason: TransitionReason, version: ObjectVersion | null = null): SubscriptionTransition {
  return { reason, state: null, version, payment: null };
}

function applied(version: ObjectVersion | null, state: SubscriptionState): SubscriptionTransition {
  return { reason: 'applied', state, version, payment: null };
}

/** Checkout's session does not say when the first period ends; a month (the spec's price period) until the subscription's own events do. */
function oneMonthAfter(date: Date): Date {
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
const later = (a: Date, b: Date): Date => (a > b ? a : b);
const earlier = (a: Date, b: Date): Date => (a < b ? a : b);
