import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { billingService } from '@backtalk/billing';
import { startGateway, type StartedGateway } from '@backtalk/gateway';
import {
  type InProcessServices,
  type TestDatabase,
  startServicesInProcess,
  waitFor,
} from '@backtalk/testing';
import { Subjects } from '@backtalk/proto';
import { createSystemTestDatabase } from './service-databases';
import {
  billingState,
  deliver,
  expectedState,
  foreignSecret,
  insertAccounts,
  queuedMessage,
  shuffle,
  sign,
  stripeEvent,
  subscriptionScenario,
  webhookSecret,
} from './stripe-events';

jest.setTimeout(120_000);

/**
 * Stripe webhooks in standalone mode: the gateway verifies each signature and
 * hands the event to billing's durable queue (a table in billing's schema);
 * billing applies each event once, in any order.
 */
describe('POST /api/stripe/webhook (standalone: in-process billing, queue in PostgreSQL)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;

  beforeAll(async () => {
    database = await createSystemTestDatabase('webhooks');
    const env = { DATABASE_URL: database.url, DURABLE_RETRY_BASE_MS: '50' };
    services = await startServicesInProcess([billingService], env);
    gateway = await startGateway({
      ...env,
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      STRIPE_WEBHOOK_SECRET: `${foreignSecret.replace('whsec_', 'whsec_x')},${webhookSecret}`,
    });
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
  });

  it('applies 50 events delivered three times each in a shuffled order exactly once, and refuses stale and forged copies', async () => {
    const scenario = subscriptionScenario();
    await insertAccounts(database.url, scenario.accounts);
    const genuine = scenario.events.flatMap((event) => [sign(event), sign(event), sign(event)]);
    const stale = scenario.events
      .slice(0, 10)
      .map((event) => sign(event, webhookSecret, Date.now() / 1000 - 301));
    const forged = scenario.events.slice(10, 20).map((event) => sign(event, foreignSecret));
    const tampered = scenario.events.slice(20, 25).map((event) => {
      const delivery = sign(event);
      return { ...delivery, body: delivery.body.replace('"livemode":false', '"livemode":true') };
    });
    const refused = new Set([...stale, ...forged, ...tampered]);

    const answers = await Promise.all(
      shuffle([...genuine, ...stale, ...forged, ...tampered]).map(async (delivery) => ({
        delivery,
        answer: await deliver(gateway.url, delivery),
      })),
    );
    for (const { delivery, answer } of answers) {
      if (refused.has(delivery)) {
        expect(answer).toEqual({
          status: 400,
          body: { code: 'STRIPE_SIGNATURE_INVALID', message: expect.any(String) },
        });
      } else {
        expect(answer).toEqual({ status: 200, body: { received: true, duplicate: expect.any(Boolean) } });
      }
    }
    // Each event was stored once: the two other copies were recognised as duplicates.
    const stored = answers
      .filter(({ answer }) => answer.body.duplicate === false)
      .map(({ delivery }) => delivery.eventId);
    expect(stored.sort()).toEqual(scenario.events.map((event) => event.id as string).sort());

    const expected = expectedState(scenario);
    await waitFor(
      async () => ((await billingState(database.url)).processedEventIds.length === 49 ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'billing to process the 49 events it handles',
      },
    );
    expect(await billingState(database.url)).toEqual(expected);

    // A fan whose subscription is active is premium for that creator only.
    const fan = scenario.subscriptions[6]!;
    await expect(
      services.client.request(Subjects.BillingSubscriptionGetActive, {
        userId: fan.userId,
        creatorId: fan.creatorId,
      }),
    ).resolves.toEqual({ active: true, endDate: fan.endDate.toISOString() });
    await expect(
      services.client.request(Subjects.BillingSubscriptionGetActive, {
        userId: fan.userId,
        creatorId: scenario.subscriptions[5]!.creatorId,
      }),
    ).resolves.toEqual({ active: false, endDate: null });

    // Stripe retrying one of them later changes nothing either.
    expect((await deliver(gateway.url, sign(scenario.events[3]!))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await billingState(database.url)).toEqual(expected);
  });

  it('ends in the same state when every event arrives newest first, one after another', async () => {
    const scenario = subscriptionScenario();
    await insertAccounts(database.url, scenario.accounts);
    const newestFirst = [...scenario.events]
      .reverse()
      .sort((a, b) => (b.created as number) - (a.created as number));
    const before = (await billingState(database.url)).processedEventIds.length;
    for (const event of newestFirst) {
      expect((await deliver(gateway.url, sign(event))).status).toBe(200);
      // One at a time: each is applied before the next (older) one arrives.
      await waitFor(
        async () =>
          (await queuedMessage(database.url, event.id as string))?.state === 'acked' ? true : undefined,
        {
          timeoutMs: 10_000,
          what: `${event.type as string} to be applied`,
        },
      );
    }
    const state = await billingState(database.url);
    expect(state.processedEventIds).toHaveLength(before + 49);
    const expected = expectedState(scenario);
    const mine = new Set(scenario.subscriptions.map((subscription) => subscription.userId));
    expect(state.subscriptions.filter((subscription) => mine.has(subscription.userId))).toEqual(
      expected.subscriptions,
    );
    for (const account of scenario.accounts) expect(state.onboarding[account.stripeAccountId]).toBe(true);
  });

  it('ends the access of a cancelled or unpaid subscription at its period end, not before', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Far enough ahead that the events are applied before it, even on a loaded machine.
    const periodEnd = now + 15;
    const fan = (status: 'cancel' | 'unpaid') => {
      const userId = randomUUID();
      const creatorId = randomUUID();
      const subscription = `sub_end${status}${now}`;
      const metadata = { userId, creatorId };
      const object = (state: string, canceledAt: number | null) => ({
        id: subscription,
        object: 'subscription',
        status: state,
        metadata,
        start_date: now - 60,
        cancel_at_period_end: canceledAt !== null,
        canceled_at: canceledAt,
        items: { data: [{ current_period_start: now - 60, current_period_end: periodEnd }] },
      });
      const invoice = {
        id: `in_end${status}${now}`,
        object: 'invoice',
        parent: { subscription_details: { subscription, metadata } },
        lines: { data: [{ period: { start: now - 60, end: periodEnd } }] },
      };
      const events = [
        stripeEvent('customer.subscription.created', now - 60, object('active', null)),
        stripeEvent('invoice.paid', now - 60, invoice),
        status === 'cancel'
          ? stripeEvent('customer.subscription.updated', now - 30, object('active', now - 30))
          : stripeEvent('invoice.payment_failed', now - 30, invoice),
      ];
      if (status === 'unpaid')
        events.push(stripeEvent('customer.subscription.updated', now - 20, object('unpaid', null)));
      return { userId, creatorId, events };
    };
    const cancelled = fan('cancel');
    const unpaid = fan('unpaid');
    for (const event of [...cancelled.events, ...unpaid.events]) {
      expect((await deliver(gateway.url, sign(event))).status).toBe(200);
      await waitFor(
        async () =>
          (await queuedMessage(database.url, event.id as string))?.state === 'acked' ? true : undefined,
        { timeoutMs: 10_000, what: `${event.type as string} to be applied` },
      );
    }
    const active = (who: { userId: string; creatorId: string }) =>
      services.client.request(Subjects.BillingSubscriptionGetActive, {
        userId: who.userId,
        creatorId: who.creatorId,
      });
    const paidThrough = new Date(periodEnd * 1000).toISOString();
    // Cancelled at period end, and unpaid: the period already paid for still counts.
    await expect(active(cancelled)).resolves.toEqual({ active: true, endDate: paidThrough });
    await expect(active(unpaid)).resolves.toEqual({ active: true, endDate: paidThrough });
    // Once the period is over, neither has access: no event is needed for that.
    await new Promise((resolve) => setTimeout(resolve, periodEnd * 1000 - Date.now() + 500));
    await expect(active(cancelled)).resolves.toEqual({ active: false, endDate: null });
    await expect(active(unpaid)).resolves.toEqual({ active: false, endDate: null });
    // Stripe's deletion at the period end is recorded as Stripe's status; access stays ended.
    const deleted = stripeEvent('customer.subscription.deleted', periodEnd, {
      ...(cancelled.events[0]!.data as { object: Record<string, unknown> }).object,
      status: 'canceled',
      canceled_at: now - 30,
      ended_at: periodEnd,
    });
    expect((await deliver(gateway.url, sign(deleted))).status).toBe(200);
    await waitFor(
      async () =>
        (await queuedMessage(database.url, deleted.id as string))?.state === 'acked' ? true : undefined,
      { timeoutMs: 10_000, what: 'the deletion to be applied' },
    );
    const row = (await billingState(database.url)).subscriptions.find(
      (subscription) => subscription.userId === cancelled.userId,
    );
    expect(row).toMatchObject({
      status: 'canceled',
      stripeStatus: 'canceled',
      endDate: new Date(periodEnd * 1000),
    });
    await expect(active(cancelled)).resolves.toEqual({ active: false, endDate: null });
  });

  it('answers bad requests with 4xx { code, message } and queues nothing', async () => {
    const before = await billingState(database.url);
    const event = stripeEvent('invoice.paid', Math.floor(Date.now() / 1000), {
      id: 'in_x',
      object: 'invoice',
    });
    const good = sign(event);
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${gateway.url}/api/stripe/webhook`, { method: 'POST', headers, body }).then(
        async (response) => ({
          status: response.status,
          body: (await response.json()) as unknown,
        }),
      );
    const problem = (status: number, code: string) => ({
      status,
      body: { code, message: expect.stringMatching(/^[A-Z].*\.$/) },
    });
    await expect(post({ 'content-type': 'application/json' }, good.body)).resolves.toEqual(
      problem(400, 'STRIPE_SIGNATURE_INVALID'),
    );
    await expect(
      post({ 'content-type': 'application/json', 'stripe-signature': 'garbage' }, good.body),
    ).resolves.toEqual(problem(400, 'STRIPE_SIGNATURE_INVALID'));
    await expect(
      post({ 'content-type': 'text/plain', 'stripe-signature': good.signature }, good.body),
    ).resolves.toEqual(problem(415, 'UNSUPPORTED_MEDIA_TYPE'));
    // Signed, but not a Stripe event.
    const notAnEvent = sign({ id: 'nope', hello: 'world' });
    await expect(deliver(gateway.url, notAnEvent)).resolves.toEqual(problem(400, 'VALIDATION_FAILED'));
    const notJson = { eventId: '', body: '{"id": ', signature: sign({}).signature };
    notJson.signature = Stripe.webhooks.generateTestHeaderString({
      payload: notJson.body,
      secret: webhookSecret,
    });
    expect((await deliver(gateway.url, notJson).catch(() => ({ status: 0 }))).status).toBe(400);
    // Stale, forged and tampered copies of an event never delivered genuinely: refused, never queued.
    const paid = stripeEvent('checkout.session.completed', Math.floor(Date.now() / 1000), {
      id: 'cs_refused',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: 'sub_refused',
      metadata: { userId: randomUUID(), creatorId: randomUUID() },
    });
    const fresh = sign(paid);
    for (const copy of [
      sign(paid, webhookSecret, Date.now() / 1000 - 301),
      sign(paid, foreignSecret),
      { ...fresh, body: fresh.body.replace('"paid"', '"unpaid"') },
    ])
      await expect(deliver(gateway.url, copy)).resolves.toEqual(problem(400, 'STRIPE_SIGNATURE_INVALID'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await queuedMessage(database.url, paid.id as string)).toBeUndefined();
    expect(await billingState(database.url)).toEqual(before);
  });

  it('dead-letters a handled event whose object is malformed, changing nothing', async () => {
    const before = await billingState(database.url);
    const broken = stripeEvent('customer.subscription.updated', Math.floor(Date.now() / 1000), {
      id: 'sub_broken',
      object: 'subscription',
      status: 'active',
      start_date: 1,
      metadata: { userId: 'not-an-id', creatorId: 'also-not' },
    });
    expect((await deliver(gateway.url, sign(broken))).status).toBe(200);
    const dead = await waitFor(
      async () => {
        const rows = await queuedMessage(database.url, broken.id as string);
        return rows?.state === 'dead' ? rows : undefined;
      },
      { timeoutMs: 10_000, what: 'the malformed event to be dead-lettered' },
    );
    expect(dead).toEqual({
      state: 'dead',
      deliveries: 1,
      lastError: expect.stringContaining('userId and creatorId'),
    });
    expect(await billingState(database.url)).toEqual(before);
  });
});

describe('POST /api/stripe/webhook without STRIPE_WEBHOOK_SECRET', () => {
  it('answers that payments are not configured', async () => {
    const gateway = await startGateway({
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    try {
      const answer = await deliver(gateway.url, sign(stripeEvent('invoice.paid', 1, { object: 'invoice' })));
      expect(answer).toEqual({
        status: 503,
        body: {
          code: 'STRIPE_WEBHOOK_NOT_CONFIGURED',
          message: expect.stringContaining('Payments are not configured'),
        },
      });
    } finally {
      await gateway.app.close();
    }
  });
});
