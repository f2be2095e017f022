import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import Stripe from 'stripe';

/** Signing secrets for tests: one the gateway knows, one it does not. */
export const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
export const foreignSecret = `whsec_${randomBytes(24).toString('hex')}`;

export interface SignedDelivery {
  eventId: string;
  body: string;
  signature: string;
}

const now = (): number => Math.floor(Date.now() / 1000);

/** A delivery as Stripe makes it: the body signed with the endpoint secret at `timestamp`. */
export function sign(event: object, secret = webhookSecret, timestamp = now()): SignedDelivery {
  const body = JSON.stringify(event);
  return {
    eventId: (event as { id: string }).id,
    body,
    signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
  };
}

export async function deliver(
  gatewayUrl: string,
  delivery: SignedDelivery,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${gatewayUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    body: delivery.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let counter = 0;
export function stripeEvent(
  type: string,
  created: number,
  object: Record<string, unknown>,
): Record<string, unknown> {
  counter += 1;
  return {
    id: `evt_test${counter}${randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

interface ExpectedSubscription {
  userId: string;
  creatorId: string;
  stripeSubscriptionId: string;
  status: string;
  stripeStatus: string;
  startDate: Date;
  endDate: Date;
  canceledAt: Date | null;
  paymentId: string;
}

export interface Scenario {
  events: Record<string, unknown>[];
  subscriptions: ExpectedSubscription[];
  accounts: { creatorId: string; stripeAccountId: string }[];
  /** Events billing records as processed (all but the one of a type it does not handle). */
  handledEventIds: string[];
}

const DAY = 24 * 3600;

/**
 * The Stripe objects of one fan's monthly subscription to a creator, started at `start` (seconds),
 * as Checkout leaves them: the completed session, the subscription in any state, its paid invoice.
 */
export function subscriptionObjects(
  metadata: { userId: string; creatorId: string },
  start: number,
  amountPaid = 1000,
) {
  const subscriptionId = `sub_${randomBytes(8).toString('hex')}`;
  const invoiceId = `in_${randomBytes(8).toString('hex')}`;
  const periodEnd = start + 30 * DAY;
  const checkout = {
    id: `cs_${randomBytes(8).toString('hex')}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    subscription: subscriptionId,
    invoice: invoiceId,
    metadata,
  };
  const subscription = (status: string, canceledAt: number | null, endedAt: number | null = null) => ({
    id: subscriptionId,
    object: 'subscription',
    status,
    metadata,
    start_date: start,
    customer: 'cus_test',
    cancel_at_period_end: canceledAt !== null && status !== 'canceled',
    canceled_at: canceledAt,
    ended_at: endedAt,
    items: {
      object: 'list',
      data: [{ id: `si_${subscriptionId}`, current_period_start: start, current_period_end: periodEnd }],
    },
  });
  const invoice = {
    id: invoiceId,
    object: 'invoice',
    status: 'paid',
    amount_paid: amountPaid,
    currency: 'usd',
    application_fee_amount: amountPaid / 10,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata },
    },
    lines: { object: 'list', data: [{ period: { start, end: periodEnd } }] },
  };
  return { subscriptionId, invoiceId, periodEnd, checkout, subscription, invoice };
}

/**
 * Fifty events as Stripe sends them around eight fans subscribing to
 * creators (Checkout, the subscription's life, invoices; some cancel, one
 * payment fails) and two creators finishing Connect onboarding, plus one
 * event of a type billing ignores. Applied in any order they must end in the
 * state `subscriptions`/`accounts` describe.
 */
export function subscriptionScenario(): Scenario {
  const events: Record<string, unknown>[] = [];
  const subscriptions: ExpectedSubscription[] = [];
  const base = now() - 3600;
  for (let index = 0; index < 8; index++) {
    const userId = randomUUID();
    const creatorId = randomUUID();
    const start = base + index * 10;
    const { subscriptionId, invoiceId, periodEnd, checkout, subscription, invoice } = subscriptionObjects(
      { userId, creatorId },
      start,
    );
    const cancels = index % 2 === 1;
    const ends = index < 4;
    events.push(
      stripeEvent('checkout.session.completed', start, checkout),
      stripeEvent('customer.subscription.created', start, subscription('incomplete', null)),
      stripeEvent('customer.subscription.updated', start, subscription('active', null)),
      stripeEvent('invoice.paid', start, invoice),
      stripeEvent(
        'customer.subscription.updated',
        start + 100,
        subscription('active', cancels ? start + 100 : null),
      ),
    );
    let canceledAt: number | null = cancels ? start + 100 : null;
    let stripeStatus = 'active';
    if (ends) {
      canceledAt = cancels ? start + 100 : start + 200;
      stripeStatus = 'canceled';
      events.push(
        stripeEvent(
          'customer.subscription.deleted',
          start + 200,
          subscription('canceled', canceledAt, start + 200),
        ),
      );
    } else if (index === 4) {
      stripeStatus = 'past_due';
      events.push(stripeEvent('invoice.payment_failed', start + 150, { ...invoice, status: 'open' }));
    }
    subscriptions.push({
      userId,
      creatorId,
      stripeSubscriptionId: subscriptionId,
      // Cancelled or not, the period is paid: access lasts until it ends.
      status: 'active',
      stripeStatus,
      startDate: new Date(start * 1000),
      endDate: new Date(periodEnd * 1000),
      canceledAt: canceledAt === null ? null : new Date(canceledAt * 1000),
      paymentId: invoiceId,
    });
  }
  const accounts = [0, 1].map(() => ({
    creatorId: randomUUID(),
    stripeAccountId: `acct_${randomBytes(8).toString('hex')}`,
  }));
  for (const account of accounts) {
    const state = (done: boolean) => ({
      id: account.stripeAccountId,
      object: 'account',
      type: 'express',
      charges_enabled: done,
      details_submitted: done,
    });
    events.push(
      stripeEvent('account.updated', base, state(false)),
      stripeEvent('account.updated', base + 50, state(true)),
    );
  }
  const handledEventIds = events.map((event) => event.id as string);
  events.push(stripeEvent('charge.succeeded', base, { id: 'ch_test', object: 'charge' }));
  if (events.length !== 50) throw new Error(`the scenario has ${events.length} events, not 50`);
  return { events, subscriptions, accounts, handledEventIds };
}

/** Creators whose Connect accounts the scenario's account.updated events are about, as billing stores them. */
export async function insertAccounts(databaseUrl: string, accounts: Scenario['accounts']): Promise<void> {
  await withDatabase(databaseUrl, async (sql) => {
    for (const account of accounts)
      await sql.query(
        `INSERT INTO billing.stripe_accounts ("creatorId", "stripeAccountId", "onboardingComplete") VALUES ($1, $2, false)`,
        [account.creatorId, account.stripeAccountId],
      );
  });
}

export interface BillingState {
  subscriptions: ExpectedSubscription[];
  /** Paid invoices recorded for the creators' revenue, one row each. */
  payments: { invoiceId: string; amountPaid: number; applicationFee: number }[];
  onboarding: Record<string, boolean>;
  processedEventIds: string[];
}

export async function billingState(databaseUrl: string): Promise<BillingState> {
  return withDatabase(databaseUrl, async (sql) => {
    const subscriptions = await sql.query<ExpectedSubscription>(
      `SELECT "userId", "creatorId", "stripeSubscriptionId", status, "stripeStatus", "startDate", "endDate",
              "canceledAt", "paymentId"
       FROM billing.creator_subscriptions ORDER BY "userId"`,
    );
    const accounts = await sql.query<{ stripeAccountId: string; onboardingComplete: boolean }>(
      `SELECT "stripeAccountId", "onboardingComplete" FROM billing.stripe_accounts`,
    );
    const payments = await sql.query<{ invoiceId: string; amountPaid: number; applicationFee: number }>(
      `SELECT "invoiceId", "amountPaid", "applicationFee" FROM billing.subscription_payments ORDER BY "invoiceId"`,
    );
    const processed = await sql.query<{ eventId: string }>(
      `SELECT "eventId" FROM billing.processed_webhook_events ORDER BY "eventId"`,
    );
    return {
      subscriptions: subscriptions.rows.sort(byUser),
      payments: payments.rows,
      onboarding: Object.fromEntries(
        accounts.rows.map((row) => [row.stripeAccountId, row.onboardingComplete]),
      ),
      processedEventIds: processed.rows.map((row) => row.eventId).sort(),
    };
  });
}

/** The standalone queue's row for a message (billing.durable_messages), if any. */
export function queuedMessage(
  databaseUrl: string,
  dedupeId: string,
): Promise<{ state: string; deliveries: number; lastError: string | null } | undefined> {
  return withDatabase(databaseUrl, async (sql) => {
    const result = await sql.query<{ state: string; deliveries: number; lastError: string | null }>(
      `SELECT state, deliveries, "lastError" FROM billing.durable_messages WHERE "dedupeId" = $1`,
      [dedupeId],
    );
    return result.rows[0];
  });
}

async function withDatabase<T>(url: string, work: (sql: Client) => Promise<T>): Promise<T> {
  const sql = new Client({ connectionString: url });
  await sql.connect();
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

const byUser = (a: { userId: string }, b: { userId: string }): number =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/** Fisher–Yates with Math.random: a different order on every run. */
export function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The state the scenario must end in, in the shape `billingState` reads. */
export function expectedState(scenario: Scenario): BillingState {
  return {
    subscriptions: [...scenario.subscriptions].sort(byUser),
    payments: scenario.subscriptions
      .map((subscription) => ({ invoiceId: subscription.paymentId, amountPaid: 1000, applicationFee: 100 }))
      .sort((a, b) => (a.invoiceId < b.invoiceId ? -1 : 1)),
    onboarding: Object.fromEntries(scenario.accounts.map((account) => [account.stripeAccountId, true])),
    processedEventIds: [...scenario.handledEventIds].sort(),
  };
}
