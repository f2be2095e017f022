import type { ObjectVersion } from '../webhook-event/object-version';
import {
  nextSubscriptionState,
  type StoredSubscription,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionTransition,
} from './subscription-state';

const DAY = 86_400_000;
const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const monthAfter = (date: Date) => new Date(new Date(date).setUTCMonth(date.getUTCMonth() + 1));

/**
 * The moments the tables name. A stored subscription started at S0, is paid through E0 and was
 * last observed at V (its newest event); an event delivered in order was created at C, after V,
 * and a late one at L, before V. P is the end of the period an event names (an invoice's paid
 * period, a subscription's current period); K is when a stored subscription was cancelled.
 */
const at: Record<string, Date> = {
  S0: ago(20 * DAY),
  E0: new Date(now.getTime() + 10 * DAY),
  Eover: ago(DAY),
  V: ago(3_600_000),
  C: ago(60_000),
  L: ago(2 * 3_600_000),
  P: new Date(now.getTime() + 30 * DAY),
  K: ago(DAY),
};
at['C+1mo'] = monthAfter(at.C!);
at['L+1mo'] = monthAfter(at.L!);

/** docs/billing.md: events of the same second apply in the order of the subscription's life. */
const LIFE = [
  ['incomplete'],
  ['trialing', 'active'],
  ['past_due'],
  ['paused', 'unpaid'],
  ['canceled', 'incomplete_expired'],
];
const rankOf = (status: string) => LIFE.findIndex((statuses) => statuses.includes(status));

const fan = {
  userId: '00000000-0000-4000-8000-00000000000f',
  creatorId: '00000000-0000-4000-8000-00000000000c',
};
const UNPAID = ['incomplete', 'incomplete_expired'];

/**
 * The fan's row as each Stripe status leaves it, subscription sub_1: paid through E0 (still
 * running, so access is 'active') — but never paid for the two incomplete statuses.
 */
function storedRow(stripeStatus: string): SubscriptionState {
  const unpaid = UNPAID.includes(stripeStatus);
  return {
    ...fan,
    startDate: at.S0!,
    endDate: unpaid ? at.S0! : at.E0!,
    status: unpaid ? stripeStatus : 'active',
    paymentId: unpaid ? null : 'in_0',
    stripeSubscriptionId: 'sub_1',
    stripeStatus,
    canceledAt: stripeStatus === 'canceled' ? at.K! : null,
  };
}

function stored(stripeStatus: string, overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  const none = stripeStatus === 'none';
  return {
    eventAlreadyApplied: false,
    row: none ? null : storedRow(stripeStatus),
    version: none ? null : { observedAt: at.V!, rank: rankOf(stripeStatus) },
    otherSubscriptionSeenAt: null,
    ...overrides,
  };
}

/** The one event of each type the main table delivers, for subscription sub_1, created at `created`. */
function eventOf(type: string, created: Date): SubscriptionEvent {
  const base = { created, subscriber: fan, subscriptionId: 'sub_1' };
  const subscription = { ...base, startDate: at.S0!, periodEnd: at.P!, canceledAt: null };
  const invoice = { ...base, invoiceId: 'in_2', paidThrough: at.P!, payment: null };
  switch (type) {
    case 'checkout.session.completed':
      return { ...base, type, sessionId: 'cs_1', subscriptionMode: true, paid: true, invoiceId: 'in_1' };
    case 'customer.subscription.created':
      return { ...subscription, type, status: 'active' };
    case 'customer.subscription.updated':
      return { ...subscription, type, status: 'past_due' };
    case 'customer.subscription.deleted':
      return { ...subscription, type, status: 'canceled', canceledAt: created };
    case 'invoice.paid': {
      const payment = {
        invoiceId: 'in_2',
        amountPaid: 1000,
        applicationFee: 100,
        currency: 'usd',
        paidAt: created,
      };
      return { ...invoice, type, payment };
    }
    case 'invoice.payment_failed':
      return { ...invoice, type };
    default:
      throw new Error(`no event of type ${type} in the table`);
  }
}

/**
 * Every subscription event type × every stored Stripe status × in-order, late and duplicated
 * delivery, and what nextSubscriptionState makes of it. `·`: unchanged (no row written, no
 * version recorded, no payment recorded); `-`: null. version: the observation recorded as the
 * subscription's newest (its time and rank). With nothing stored, a 'late' event has nothing to
 * be older than and applies as in order. The same table is in docs/billing.md.
 */
const TRANSITIONS = `
| event                         | stored             | delivery  | reason           | status   | stripeStatus       | startDate | endDate | paymentId | canceledAt | version | payment  |
|-------------------------------|--------------------|-----------|------------------|----------|--------------------|-----------|---------|-----------|------------|---------|----------|
| checkout.session.completed    | none               | in order  | applied          | active   | active             | C         | C+1mo   | in_1      | -          | C r1    | ·        |
| checkout.session.completed    | none               | late      | applied          | active   | active             | L         | L+1mo   | in_1      | -          | L r1    | ·        |
| checkout.session.completed    | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | incomplete         | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | incomplete         | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | trialing           | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | trialing           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | active             | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | active             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | past_due           | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | past_due           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | paused             | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | paused             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | unpaid             | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | unpaid             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | canceled           | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | canceled           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | incomplete_expired | in order  | already-recorded | ·        | ·                  | ·         | ·       | ·         | ·          | C r1    | ·        |
| checkout.session.completed    | incomplete_expired | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| checkout.session.completed    | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | none               | in order  | applied          | active   | active             | S0        | P       | -         | -          | C r1    | ·        |
| customer.subscription.created | none               | late      | applied          | active   | active             | S0        | P       | -         | -          | L r1    | ·        |
| customer.subscription.created | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | incomplete         | in order  | applied          | active   | active             | S0        | P       | -         | -          | C r1    | ·        |
| customer.subscription.created | incomplete         | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | trialing           | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | trialing           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | active             | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | active             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | past_due           | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | past_due           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | paused             | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | paused             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | unpaid             | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | unpaid             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | canceled           | in order  | applied          | active   | active             | S0        | P       | in_0      | -          | C r1    | ·        |
| customer.subscription.created | canceled           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | incomplete_expired | in order  | applied          | active   | active             | S0        | P       | -         | -          | C r1    | ·        |
| customer.subscription.created | incomplete_expired | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.created | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | none               | in order  | applied          | past_due | past_due           | S0        | S0      | -         | -          | C r2    | ·        |
| customer.subscription.updated | none               | late      | applied          | past_due | past_due           | S0        | S0      | -         | -          | L r2    | ·        |
| customer.subscription.updated | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | incomplete         | in order  | applied          | past_due | past_due           | S0        | S0      | -         | -          | C r2    | ·        |
| customer.subscription.updated | incomplete         | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | trialing           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | trialing           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | active             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | active             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | past_due           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | past_due           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | paused             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | paused             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | unpaid             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | unpaid             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | canceled           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| customer.subscription.updated | canceled           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | incomplete_expired | in order  | applied          | past_due | past_due           | S0        | S0      | -         | -          | C r2    | ·        |
| customer.subscription.updated | incomplete_expired | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.updated | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | none               | in order  | applied          | canceled | canceled           | S0        | S0      | -         | C          | C r4    | ·        |
| customer.subscription.deleted | none               | late      | applied          | canceled | canceled           | S0        | S0      | -         | L          | L r4    | ·        |
| customer.subscription.deleted | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | incomplete         | in order  | applied          | canceled | canceled           | S0        | S0      | -         | C          | C r4    | ·        |
| customer.subscription.deleted | incomplete         | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | trialing           | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | trialing           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | active             | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | active             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | past_due           | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | past_due           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | paused             | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | paused             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | unpaid             | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | unpaid             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | canceled           | in order  | applied          | active   | canceled           | S0        | E0      | in_0      | C          | C r4    | ·        |
| customer.subscription.deleted | canceled           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | incomplete_expired | in order  | applied          | canceled | canceled           | S0        | S0      | -         | C          | C r4    | ·        |
| customer.subscription.deleted | incomplete_expired | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| customer.subscription.deleted | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | none               | in order  | applied          | active   | active             | C         | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | none               | late      | applied          | active   | active             | L         | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | incomplete         | in order  | applied          | active   | incomplete         | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | incomplete         | late      | applied          | active   | incomplete         | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | trialing           | in order  | applied          | active   | trialing           | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | trialing           | late      | applied          | active   | trialing           | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | active             | in order  | applied          | active   | active             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | active             | late      | applied          | active   | active             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | past_due           | in order  | applied          | active   | past_due           | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | past_due           | late      | applied          | active   | past_due           | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | paused             | in order  | applied          | active   | paused             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | paused             | late      | applied          | active   | paused             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | unpaid             | in order  | applied          | active   | unpaid             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | unpaid             | late      | applied          | active   | unpaid             | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | canceled           | in order  | applied          | active   | canceled           | S0        | P       | in_2      | K          | ·       | recorded |
| invoice.paid                  | canceled           | late      | applied          | active   | canceled           | S0        | P       | in_2      | K          | ·       | recorded |
| invoice.paid                  | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.paid                  | incomplete_expired | in order  | applied          | active   | incomplete_expired | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | incomplete_expired | late      | applied          | active   | incomplete_expired | S0        | P       | in_2      | -          | ·       | recorded |
| invoice.paid                  | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | none               | in order  | applied          | past_due | past_due           | C         | C       | -         | -          | C r2    | ·        |
| invoice.payment_failed        | none               | late      | applied          | past_due | past_due           | L         | L       | -         | -          | L r2    | ·        |
| invoice.payment_failed        | none               | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | incomplete         | in order  | applied          | past_due | past_due           | S0        | S0      | -         | -          | C r2    | ·        |
| invoice.payment_failed        | incomplete         | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | incomplete         | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | trialing           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| invoice.payment_failed        | trialing           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | trialing           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | active             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| invoice.payment_failed        | active             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | active             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | past_due           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| invoice.payment_failed        | past_due           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | past_due           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | paused             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| invoice.payment_failed        | paused             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | paused             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | unpaid             | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | -          | C r2    | ·        |
| invoice.payment_failed        | unpaid             | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | unpaid             | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | canceled           | in order  | applied          | active   | past_due           | S0        | E0      | in_0      | K          | C r2    | ·        |
| invoice.payment_failed        | canceled           | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | canceled           | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | incomplete_expired | in order  | applied          | past_due | past_due           | S0        | S0      | -         | -          | C r2    | ·        |
| invoice.payment_failed        | incomplete_expired | late      | stale            | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
| invoice.payment_failed        | incomplete_expired | duplicate | duplicate        | ·        | ·                  | ·         | ·       | ·         | ·          | ·       | ·        |
`;

interface Row {
  event: string;
  stored: string;
  delivery: string;
  reason: string;
  status: string;
  stripeStatus: string;
  startDate: string;
  endDate: string;
  paymentId: string;
  canceledAt: string;
  version: string;
  payment: string;
}

function rowsOf(table: string): Row[] {
  const [header, , ...lines] = table.trim().split('\n');
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const names = cells(header!);
  return lines.map(
    (line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])) as unknown as Row,
  );
}

const dateOf = (cell: string) => (cell === '-' ? null : at[cell]!);
const versionOf = (cell: string): ObjectVersion | null => {
  if (cell === '·') return null;
  const [time, rank] = cell.split(' r');
  return { observedAt: at[time!]!, rank: Number(rank) };
};

function expected(row: Row, created: Date): SubscriptionTransition {
  return {
    reason: row.reason as SubscriptionTransition['reason'],
    state:
      row.status === '·'
        ? null
        : {
            ...fan,
            startDate: at[row.startDate]!,
            endDate: at[row.endDate]!,
            status: row.status,
            paymentId: row.paymentId === '-' ? null : row.paymentId,
            stripeSubscriptionId: 'sub_1',
            stripeStatus: row.stripeStatus,
            canceledAt: dateOf(row.canceledAt),
          },
    version: versionOf(row.version),
    payment:
      row.payment === 'recorded'
        ? {
            ...fan,
            invoiceId: 'in_2',
            stripeSubscriptionId: 'sub_1',
            amountPaid: 1000,
            applicationFee: 100,
            currency: 'usd',
            paidAt: created,
          }
        : null,
  };
}

describe('nextSubscriptionState', () => {
  const rows = rowsOf(TRANSITIONS);

  it('covers every event type × stored status × delivery once', () => {
    const keys = rows.map((row) => `${row.event} ${row.stored} ${row.delivery}`);
    expect(new Set(keys).size).toBe(6 * 9 * 3);
    expect(keys).toHaveLength(6 * 9 * 3);
  });

  it.each(rows.map((row) => [row.event, row.stored, row.delivery, row] as const))(
    '%s on %s, %s',
    (type, status, delivery, row) => {
      const created = delivery === 'late' ? at.L! : at.C!;
      const current = stored(status, { eventAlreadyApplied: delivery === 'duplicate' });
      expect(nextSubscriptionState(current, eventOf(type, created), now)).toEqual(expected(row, created));
    },
  );
});

describe('nextSubscriptionState: what a subscription event grants, by its status', () => {
  /**
   * An in-order customer.subscription.updated with each Stripe status, on the active row paid
   * through E0 (paid period running) or through Eover (over): only active and trialing grant the
   * period the event names (P); any other keeps the last paid one, and access ('active') lasts
   * until it ends — but not for the two statuses of a subscription that was never paid.
   */
  it.each`
    eventStatus             | paidThrough | status                  | endDate
    ${'incomplete'}         | ${'E0'}     | ${'incomplete'}         | ${'E0'}
    ${'trialing'}           | ${'E0'}     | ${'active'}             | ${'P'}
    ${'active'}             | ${'E0'}     | ${'active'}             | ${'P'}
    ${'past_due'}           | ${'E0'}     | ${'active'}             | ${'E0'}
    ${'paused'}             | ${'E0'}     | ${'active'}             | ${'E0'}
    ${'unpaid'}             | ${'E0'}     | ${'active'}             | ${'E0'}
    ${'canceled'}           | ${'E0'}     | ${'active'}             | ${'E0'}
    ${'incomplete_expired'} | ${'E0'}     | ${'incomplete_expired'} | ${'E0'}
    ${'incomplete'}         | ${'Eover'}  | ${'incomplete'}         | ${'Eover'}
    ${'trialing'}           | ${'Eover'}  | ${'active'}             | ${'P'}
    ${'active'}             | ${'Eover'}  | ${'active'}             | ${'P'}
    ${'past_due'}           | ${'Eover'}  | ${'past_due'}           | ${'Eover'}
    ${'paused'}             | ${'Eover'}  | ${'paused'}             | ${'Eover'}
    ${'unpaid'}             | ${'Eover'}  | ${'unpaid'}             | ${'Eover'}
    ${'canceled'}           | ${'Eover'}  | ${'canceled'}           | ${'Eover'}
    ${'incomplete_expired'} | ${'Eover'}  | ${'incomplete_expired'} | ${'Eover'}
  `(
    '$eventStatus, paid through $paidThrough: $status until $endDate',
    ({ eventStatus, paidThrough, status, endDate }: Record<string, string>) => {
      const current = stored('active', { row: { ...storedRow('active'), endDate: at[paidThrough]! } });
      const event = {
        ...eventOf('customer.subscription.updated', at.C!),
        status: eventStatus,
      } as SubscriptionEvent;
      expect(nextSubscriptionState(current, event, now).state).toMatchObject({
        status,
        stripeStatus: eventStatus,
        endDate: at[endDate],
      });
    },
  );
});

describe('nextSubscriptionState: events of the same second', () => {
  /** Stored and delivered at the same second: the event applies if it is at least as far along. */
  it.each`
    storedStatus    | eventStatus             | reason
    ${'incomplete'} | ${'active'}             | ${'applied'}
    ${'active'}     | ${'incomplete'}         | ${'stale'}
    ${'active'}     | ${'trialing'}           | ${'applied'}
    ${'active'}     | ${'past_due'}           | ${'applied'}
    ${'past_due'}   | ${'active'}             | ${'stale'}
    ${'past_due'}   | ${'unpaid'}             | ${'applied'}
    ${'unpaid'}     | ${'paused'}             | ${'applied'}
    ${'paused'}     | ${'past_due'}           | ${'stale'}
    ${'unpaid'}     | ${'canceled'}           | ${'applied'}
    ${'canceled'}   | ${'active'}             | ${'stale'}
    ${'canceled'}   | ${'incomplete_expired'} | ${'applied'}
  `(
    '$eventStatus after $storedStatus: $reason',
    ({ storedStatus, eventStatus, reason }: Record<string, string>) => {
      const current = stored(storedStatus, { version: { observedAt: at.C!, rank: rankOf(storedStatus) } });
      const event = {
        ...eventOf('customer.subscription.updated', at.C!),
        status: eventStatus,
      } as SubscriptionEvent;
      expect(nextSubscriptionState(current, event, now).reason).toBe(reason);
    },
  );
});

describe('nextSubscriptionState: events that change nothing, or only part', () => {
  const withoutSubscriber = (event: SubscriptionEvent) =>
    ({ ...event, subscriber: null }) as SubscriptionEvent;
  /** The fan's row holds sub_0, another subscription to the creator, last observed at `seenAt`. */
  const heldByOther = (seenAt: Date): StoredSubscription => ({
    ...stored('active'),
    row: { ...storedRow('active'), stripeSubscriptionId: 'sub_0' },
    version: null,
    otherSubscriptionSeenAt: seenAt,
  });

  it.each([
    [
      'a checkout in payment mode',
      { ...eventOf('checkout.session.completed', at.C!), subscriptionMode: false },
      'one-off',
    ],
    ['an invoice of no subscription', { ...eventOf('invoice.paid', at.C!), subscriptionId: null }, 'one-off'],
    [
      'a checkout without Backtalk metadata',
      withoutSubscriber(eventOf('checkout.session.completed', at.C!)),
      'not-ours',
    ],
    [
      'a subscription nobody knows',
      withoutSubscriber(eventOf('customer.subscription.updated', at.C!)),
      'not-ours',
    ],
    ['an invoice nobody knows', withoutSubscriber(eventOf('invoice.paid', at.C!)), 'not-ours'],
  ] as const)('ignores %s', (_what, event, reason) => {
    expect(nextSubscriptionState(stored('none'), event as SubscriptionEvent, now)).toEqual({
      reason,
      state: null,
      version: null,
      payment: null,
    });
  });

  it.each([
    ['checkout.session.completed', 'other-subscription', { observedAt: at.C!, rank: 1 }],
    ['customer.subscription.created', 'other-subscription', { observedAt: at.C!, rank: 1 }],
    ['invoice.payment_failed', 'other-subscription', { observedAt: at.C!, rank: 2 }],
    ['invoice.paid', 'other-subscription', null],
  ] as const)(
    '%s of sub_1 leaves the row to a newer sub_0 (%s), still recording its own observation',
    (type, reason, version) => {
      // sub_0's newest event is from now, after the one delivered (C).
      const next = nextSubscriptionState(heldByOther(now), eventOf(type, at.C!), now);
      expect(next).toMatchObject({ reason, state: null, version });
      // The money moved whatever the row says.
      expect(next.payment !== null).toBe(type === 'invoice.paid');
    },
  );

  it('lets a newer subscription take the row over from an older one, but not one that ends', () => {
    const older = heldByOther(at.L!);
    expect(nextSubscriptionState(older, eventOf('customer.subscription.created', at.C!), now)).toMatchObject({
      reason: 'applied',
      state: { stripeSubscriptionId: 'sub_1', endDate: at.P, paymentId: null },
    });
    expect(nextSubscriptionState(older, eventOf('customer.subscription.deleted', at.C!), now)).toMatchObject({
      reason: 'other-subscription',
      state: null,
    });
  });

  it('fills in an earlier start date from a late event, and nothing else', () => {
    const late = {
      ...eventOf('customer.subscription.updated', at.L!),
      startDate: ago(30 * DAY),
    } as SubscriptionEvent;
    expect(nextSubscriptionState(stored('active'), late, now)).toEqual({
      reason: 'stale',
      state: { ...storedRow('active'), startDate: ago(30 * DAY) },
      version: null,
      payment: null,
    });
  });

  it.each([
    [
      'a subscription checkout without its subscription',
      { ...eventOf('checkout.session.completed', at.C!), subscriptionId: null },
      /without a subscription/,
    ],
    [
      'an active subscription without a period end',
      { ...eventOf('customer.subscription.created', at.C!), periodEnd: null },
      /no current period end/,
    ],
    [
      'a paid invoice without a paid period',
      { ...eventOf('invoice.paid', at.C!), paidThrough: null },
      /no period it paid for/,
    ],
  ] as const)('refuses %s (dead-lettered, nothing changes)', (_what, event, message) => {
    expect(() => nextSubscriptionState(stored('active'), event as SubscriptionEvent, now)).toThrow(message);
  });
});
