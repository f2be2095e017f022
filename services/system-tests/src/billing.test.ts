import { billingService } from '@backtalk/billing';
import { creatorsService } from '@backtalk/creators';
import type { StartedGateway } from '@backtalk/gateway';
import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import {
  describeNeeding,
  type InProcessServices,
  startServicesInProcess,
  startStripeMock,
  startTestSmtpServer,
  stripeMockProblem,
  type StripeMock,
  type TestDatabase,
  type TestSmtpServer,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';
import { deliver, sign, stripeEvent, webhookSecret } from './stripe-events';

jest.setTimeout(120_000);

const describeWithStripeMock = describeNeeding('stripe-mock', stripeMockProblem());
const PASSWORD = 'Correct-Horse-9';
const NOT_SET_UP =
  'This creator is not set up to accept payments. Please try another creator or contact support.';
const NO_VALID_PRICE = 'This creator has not set a valid subscription price (minimum $5.00).';

/**
 * Issue 11 items 1, 2, 4: Connect onboarding, the creator's price, Checkout and the portal,
 * through the gateway's routes to billing and creators, the real stripe SDK against stripe-mock.
 */
describeWithStripeMock('billing over HTTP with stripe-mock', () => {
  let mock: StripeMock;
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let sql: Client;
  let url: string;
  const users: Record<'creator' | 'otherCreator' | 'fan', { userId: string; token: string }> = {} as never;
  const creatorIds = { creator: randomUUID(), otherCreator: randomUUID() };
  let address = 0;

  const call = gatewayHttp(
    () => url,
    () => ({ 'x-forwarded-for': `198.51.100.${++address % 250}` }),
  );
  const as = (who: keyof typeof users) => users[who].token;
  const actorOf = (who: keyof typeof users): Actor => ({
    userId: users[who].userId,
    userType: 'authenticated',
    groups: [],
  });
  const rows = async (query: string, params: unknown[] = []) => (await sql.query(query, params)).rows;

  const signUp = (email: string) =>
    signUpAccount(call, email, PASSWORD, (to) => smtp.waitFor(to, /Your code is (\d{6})/));

  beforeAll(async () => {
    mock = await startStripeMock();
    smtp = await startTestSmtpServer();
    database = await createSystemTestDatabase('billing');
    ({ services, gateway } = await startPlatformInProcess(
      {
        DATABASE_URL: database.url,
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        LLM_PRELOAD: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Backtalk <codes@backtalk.test>',
        ...mock.env,
      },
      // Signed events for the earnings figures (the webhook route itself: stripe-webhooks.medium.spec.ts).
      { TRUSTED_PROXIES: '127.0.0.1', STRIPE_WEBHOOK_SECRET: webhookSecret },
    ));
    url = gateway.url;
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const tag = randomUUID().slice(0, 8);
    users.creator = await signUp(`creator.${tag}@example.com`);
    users.otherCreator = await signUp(`other.${tag}@example.com`);
    users.fan = await signUp(`fan.${tag}@example.com`);
    for (const who of ['creator', 'otherCreator'] as const) {
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle)
         VALUES ($1, $2, $2, $3, $4)`,
        [
          creatorIds[who],
          users[who].userId,
          `https://www.tiktok.com/@${who}.${tag}`,
          `${who}.${tag}`.toLowerCase(),
        ],
      );
    }
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await smtp?.close();
    await mock?.close();
  });

  describe('Connect Express onboarding', () => {
    let accountId: string;

    it('is incomplete before Start Earning with Stripe', async () => {
      const status = await call('/api/billing/onboarding', { token: as('creator') });
      expect(status).toEqual({ status: 200, body: { status: 'incomplete', accountId: null } });
    });

    it('creates the connected account once and answers an onboarding link each time', async () => {
      const first = await call('/api/billing/onboarding', { method: 'POST', token: as('creator') });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        accountId: expect.stringMatching(/^acct_/),
        url: expect.stringMatching(/^https:/),
      });
      accountId = first.body.accountId;
      const again = await call('/api/billing/onboarding', { method: 'POST', token: as('creator') });
      expect(again.body.accountId).toBe(accountId);
      expect(
        await rows(`SELECT "stripeAccountId" FROM billing.stripe_accounts WHERE "creatorId" = $1`, [
          creatorIds.creator,
        ]),
      ).toEqual([{ stripeAccountId: accountId }]);
    });

    it("reads the status from Stripe (stripe-mock's account has not submitted details)", async () => {
      const status = await call('/api/billing/onboarding', { token: as('creator') });
      expect(status.body).toEqual({ status: 'incomplete', accountId });
    });

    it('is complete once billing knows onboarding finished, without asking Stripe', async () => {
      await sql.query(
        `UPDATE billing.stripe_accounts SET "onboardingComplete" = true WHERE "creatorId" = $1`,
        [creatorIds.creator],
      );
      try {
        const status = await call('/api/billing/onboarding', { token: as('creator') });
        expect(status.body).toEqual({ status: 'complete', accountId });
      } finally {
        await sql.query(
          `UPDATE billing.stripe_accounts SET "onboardingComplete" = false WHERE "creatorId" = $1`,
          [creatorIds.creator],
        );
      }
    });

    it('makes a new link (/refresh) and a dashboard link for the owner only', async () => {
      const link = await call(`/api/billing/onboarding/${accountId}/link`, {
        method: 'POST',
        token: as('creator'),
      });
      expect(link).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:/) } });
      const dashboard = await call('/api/billing/dashboard-link', { method: 'POST', token: as('creator') });
      expect(dashboard).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:/) } });

      const otherCreator = await call(`/api/billing/onboarding/${accountId}/link`, {
        method: 'POST',
        token: as('otherCreator'),
      });
      expect(otherCreator.status).toBe(404);
      expect(otherCreator.body.code).toBe(ErrorCode.StripeAccountNotFound);
      const fan = await call(`/api/billing/onboarding/${accountId}/link`, {
        method: 'POST',
        token: as('fan'),
      });
      // A user who is no creator gets the same answer as another creator (the /refresh page shows it).
      expect(fan.status).toBe(404);
      expect(fan.body.code).toBe(ErrorCode.StripeAccountNotFound);
      for (const who of ['otherCreator', 'fan'] as const) {
        const dashboardOfOther = await call('/api/billing/dashboard-link', {
          method: 'POST',
          token: as(who),
        });
        expect(dashboardOfOther.status).toBe(404);
        const statusOfOther = await call('/api/billing/onboarding', { token: as(who) });
        expect(statusOfOther.body.accountId ?? null).not.toBe(accountId);
      }
    });

    it('refuses the same over NATS: another user names the account and gets nothing', async () => {
      await expect(
        services.client.request(Subjects.BillingOnboardingLink, {
          actor: actorOf('otherCreator'),
          accountId,
          origin: 'http://localhost:3000',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.StripeAccountNotFound });
      await expect(
        services.client.request(Subjects.BillingDashboardLink, { actor: actorOf('fan') }),
      ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
      await expect(
        services.client.request(Subjects.BillingOnboardingStart, {
          actor: { ...actorOf('creator'), userType: 'guest' },
          origin: 'http://localhost:3000',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    });

    it('answers a bad account id with 400 VALIDATION_FAILED, without a token with 401', async () => {
      const bad = await call('/api/billing/onboarding/not-an-account/link', {
        method: 'POST',
        token: as('creator'),
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: expect.stringContaining('acct_'),
      });
      expect((await call('/api/billing/onboarding', { method: 'POST' })).status).toBe(401);
      await expect(
        services.client.request(Subjects.BillingOnboardingStart, {
          actor: actorOf('creator'),
          origin: 'javascript:alert(1)',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    });
  });

  describe("the creator's price", () => {
    it('defaults to 1000 cents and shows the split of a payment', async () => {
      const price = await call('/api/billing/price', { token: as('creator') });
      expect(price).toEqual({
        status: 200,
        body: {
          pricePerSubscription: 1000,
          currency: 'usd',
          platformFeePercent: 10,
          platformFee: 100,
          stripeFeeEstimate: 59,
          creatorShare: 900,
        },
      });
    });

    it('refuses a price under 500 cents, a non-integer and extra fields, storing nothing', async () => {
      for (const body of [
        { pricePerSubscription: 499 },
        { pricePerSubscription: 750.5 },
        { pricePerSubscription: '1500' },
        { pricePerSubscription: 1500, creatorId: creatorIds.otherCreator },
        {},
      ]) {
        const answer = await call('/api/billing/price', { method: 'PUT', body, token: as('creator') });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: expect.any(String) });
      }
      expect(await rows(`SELECT * FROM billing.creator_prices`)).toEqual([]);
    });

    it("sets the caller's own price only; a non-creator cannot set one", async () => {
      const set = await call('/api/billing/price', {
        method: 'PUT',
        body: { pricePerSubscription: 1500 },
        token: as('creator'),
      });
      expect(set.body).toMatchObject({ pricePerSubscription: 1500, platformFee: 150, creatorShare: 1350 });
      expect(
        (await call('/api/billing/price', { token: as('otherCreator') })).body.pricePerSubscription,
      ).toBe(1000);
      const fan = await call('/api/billing/price', {
        method: 'PUT',
        body: { pricePerSubscription: 600 },
        token: as('fan'),
      });
      expect(fan.status).toBe(404);
      expect(await rows(`SELECT "creatorId", price_per_subscription FROM billing.creator_prices`)).toEqual([
        { creatorId: creatorIds.creator, price_per_subscription: 1500 },
      ]);
    });
  });

  describe('Subscribe (Checkout) and Manage Billing (portal)', () => {
    const setOnboardingComplete = (complete: boolean) =>
      sql.query(`UPDATE billing.stripe_accounts SET "onboardingComplete" = $2 WHERE "creatorId" = $1`, [
        creatorIds.creator,
        complete,
      ]);

    it('refuses Checkout while the creator cannot take charges (onboarding incomplete)', async () => {
      const refused = await call('/api/billing/checkout', {
        body: { creatorId: creatorIds.creator },
        token: as('fan'),
      });
      expect(refused).toEqual({
        status: 409,
        body: expect.objectContaining({ code: ErrorCode.CreatorCannotAcceptPayments, message: NOT_SET_UP }),
      });
      expect(
        await rows(`SELECT 1 FROM billing.stripe_customers WHERE "userId" = $1`, [users.fan.userId]),
      ).toEqual([]);
      // From here on the creator has finished onboarding, as Stripe's account.updated records it.
      await setOnboardingComplete(true);
    });

    it('opens Checkout for the creator: one Stripe customer for the fan, the Stripe price kept', async () => {
      const checkout = await call('/api/billing/checkout', {
        body: { creatorId: creatorIds.creator },
        token: as('fan'),
      });
      expect(checkout).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:/) } });
      await call('/api/billing/checkout', { body: { creatorId: creatorIds.creator }, token: as('fan') });
      expect(
        await rows(`SELECT "stripeCustomerId" FROM billing.stripe_customers WHERE "userId" = $1`, [
          users.fan.userId,
        ]),
      ).toEqual([{ stripeCustomerId: expect.stringMatching(/^cus_/) }]);
      expect(
        await rows(
          `SELECT "stripeProductId", "stripePriceId" FROM billing.creator_prices WHERE "creatorId" = $1`,
          [creatorIds.creator],
        ),
      ).toEqual([
        { stripeProductId: expect.stringMatching(/^prod_/), stripePriceId: expect.stringMatching(/^price_/) },
      ]);
    });

    it("answers the spec's words for a creator without a Stripe account or without a valid price", async () => {
      const noAccount = await call('/api/billing/checkout', {
        body: { creatorId: creatorIds.otherCreator },
        token: as('fan'),
      });
      expect(noAccount).toEqual({
        status: 409,
        body: expect.objectContaining({ code: ErrorCode.CreatorCannotAcceptPayments, message: NOT_SET_UP }),
      });
      await sql.query(
        `UPDATE billing.creator_prices SET price_per_subscription = 400 WHERE "creatorId" = $1`,
        [creatorIds.creator],
      );
      try {
        const cheap = await call('/api/billing/checkout', {
          body: { creatorId: creatorIds.creator },
          token: as('fan'),
        });
        expect(cheap).toEqual({
          status: 409,
          body: expect.objectContaining({ code: ErrorCode.CreatorPriceInvalid, message: NO_VALID_PRICE }),
        });
      } finally {
        await sql.query(
          `UPDATE billing.creator_prices SET price_per_subscription = 1500 WHERE "creatorId" = $1`,
          [creatorIds.creator],
        );
      }
    });

    it('refuses guests, unknown creators and bad bodies, storing no customer', async () => {
      const guest = await call('/api/auth/guest', { method: 'POST', body: {} });
      const guestToken = guest.body.tokens.accessToken as string;
      const asGuest = await call('/api/billing/checkout', {
        body: { creatorId: creatorIds.creator },
        token: guestToken,
      });
      expect(asGuest.status).toBe(403);
      expect(asGuest.body.message).toMatch(/Sign up or sign in/);
      const unknown = await call('/api/billing/checkout', {
        body: { creatorId: randomUUID() },
        token: as('creator'),
      });
      expect(unknown.status).toBe(404);
      for (const body of [
        { creatorId: 'nope' },
        {},
        { creatorId: creatorIds.creator, origin: 'https://evil.test' },
      ]) {
        const bad = await call('/api/billing/checkout', { body, token: as('creator') });
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe(ErrorCode.ValidationFailed);
      }
      expect(
        await rows(`SELECT "userId" FROM billing.stripe_customers WHERE "userId" <> $1`, [users.fan.userId]),
      ).toEqual([]);
    });

    it("gives a demo creator a test-mode connected account at a fan's first Subscribe, stored as onboarded, once", async () => {
      const demoId = randomUUID();
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle, "demoAccount")
         VALUES ($1, 'demo', $2, $3, $4, true)`,
        [
          demoId,
          `demo:first.run.${demoId.slice(0, 8)}`,
          `https://www.tiktok.com/@first.run.${demoId.slice(0, 8)}`,
          `first.run.${demoId.slice(0, 8)}`,
        ],
      );
      const accountsOfDemo = () =>
        rows(
          `SELECT "stripeAccountId", "onboardingComplete" FROM billing.stripe_accounts WHERE "creatorId" = $1`,
          [demoId],
        );
      // A guest is sent to sign up first: nothing is made at Stripe for them.
      const guest = await call('/api/auth/guest', { method: 'POST', body: {} });
      const asGuest = await call('/api/billing/checkout', {
        body: { creatorId: demoId },
        token: guest.body.tokens.accessToken as string,
      });
      expect(asGuest.status).toBe(403);
      expect(await accountsOfDemo()).toEqual([]);

      // The fan has a Stripe customer already; the other users keep having none (tests below).
      const checkout = await call('/api/billing/checkout', {
        body: { creatorId: demoId },
        token: as('fan'),
      });
      expect(checkout).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:/) } });
      const [account] = await accountsOfDemo();
      expect(account).toEqual({ stripeAccountId: expect.stringMatching(/^acct_/), onboardingComplete: true });
      const again = await call('/api/billing/checkout', {
        body: { creatorId: demoId },
        token: as('fan'),
      });
      expect(again.status).toBe(200);
      expect(await accountsOfDemo()).toEqual([account]);
      // A real creator without an account still onboards themselves: no account is made for them.
      const realId = randomUUID();
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle) VALUES ($1, $2, $2, $3, $4)`,
        [
          realId,
          randomUUID(),
          `https://www.tiktok.com/@real.${realId.slice(0, 8)}`,
          `real.${realId.slice(0, 8)}`,
        ],
      );
      const notDemo = await call('/api/billing/checkout', { body: { creatorId: realId }, token: as('fan') });
      expect(notDemo.body).toMatchObject({
        code: ErrorCode.CreatorCannotAcceptPayments,
        message: NOT_SET_UP,
      });
      expect(await rows(`SELECT * FROM billing.stripe_accounts WHERE "creatorId" = $1`, [realId])).toEqual(
        [],
      );
    });

    it("opens the fan's own portal; a user without a customer gets 404, a foreign return path 400", async () => {
      const portal = await call('/api/billing/portal', {
        body: { returnPath: '/@creator' },
        token: as('fan'),
      });
      expect(portal).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:/) } });
      const none = await call('/api/billing/portal', { body: { returnPath: '/' }, token: as('creator') });
      expect(none.status).toBe(404);
      expect(none.body.code).toBe(ErrorCode.BillingCustomerNotFound);
      for (const returnPath of ['//evil.test/', 'https://evil.test/', 'relative', '/\\evil.test']) {
        const bad = await call('/api/billing/portal', { body: { returnPath }, token: as('fan') });
        expect(bad.status).toBe(400);
      }
    });

    it("gives no route or subject a way to name another user's account, price, status or portal", async () => {
      const priceBefore = await rows(`SELECT * FROM billing.creator_prices ORDER BY "creatorId"`);
      const customersBefore = await rows(`SELECT * FROM billing.stripe_customers ORDER BY "userId"`);
      // HTTP: the bodies are strict, so naming someone else is a 400 and changes nothing.
      for (const [route, method, body] of [
        ['/api/billing/price', 'PUT', { pricePerSubscription: 700, creatorId: creatorIds.creator }],
        ['/api/billing/price', 'PUT', { pricePerSubscription: 700, actor: actorOf('creator') }],
        ['/api/billing/portal', 'POST', { returnPath: '/', userId: users.fan.userId }],
        ['/api/billing/checkout', 'POST', { creatorId: creatorIds.creator, userId: users.fan.userId }],
      ] as const) {
        const answer = await call(route, { method, body, token: as('otherCreator') });
        expect(answer).toMatchObject({
          status: 400,
          body: { code: ErrorCode.ValidationFailed, message: expect.any(String) },
        });
      }
      // A query naming another creator is not read: the caller's own status.
      const status = await call(`/api/billing/onboarding?creatorId=${creatorIds.creator}`, {
        token: as('otherCreator'),
      });
      expect(status.body).toMatchObject({ status: 'incomplete', accountId: null });
      // NATS: every subject acts for its actor only.
      await expect(
        services.client.request(Subjects.BillingPortalCreate, {
          actor: actorOf('otherCreator'),
          returnPath: '/',
          origin: 'http://localhost:3000',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.BillingCustomerNotFound });
      await expect(
        services.client.request(Subjects.BillingOnboardingStatus, { actor: actorOf('fan') }),
      ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
      await expect(
        services.client.request(Subjects.BillingPriceSet, {
          actor: actorOf('fan'),
          pricePerSubscription: 900,
        }),
      ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
      await expect(
        services.client.request(Subjects.BillingPriceSet, {
          actor: actorOf('otherCreator'),
          pricePerSubscription: 900,
          creatorId: creatorIds.creator,
        } as never),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(await rows(`SELECT * FROM billing.creator_prices ORDER BY "creatorId"`)).toEqual(priceBefore);
      expect(await rows(`SELECT * FROM billing.stripe_customers ORDER BY "userId"`)).toEqual(customersBefore);
    });

    it("lists the caller's own subscriptions and whether they can manage billing", async () => {
      expect((await call('/api/billing/subscriptions', { token: as('fan') })).body).toEqual({
        subscriptions: [],
        canManageBilling: true,
        paymentsConfigured: true,
      });
      const endDate = new Date(Date.now() + 30 * 86_400_000);
      await sql.query(
        `INSERT INTO billing.creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status)
         VALUES ($1, $2, $1, now(), $3, 'active')`,
        [users.fan.userId, creatorIds.creator, endDate],
      );
      expect((await call('/api/billing/subscriptions', { token: as('fan') })).body).toEqual({
        subscriptions: [
          {
            creatorId: creatorIds.creator,
            status: 'active',
            startDate: expect.any(String),
            endDate: endDate.toISOString(),
            active: true,
            // No Stripe status or cancellation stored: it renews; no payment recorded: the creator's price.
            renews: true,
            price: { amount: 1500, currency: 'usd' },
          },
        ],
        canManageBilling: true,
        paymentsConfigured: true,
      });
      expect((await call('/api/billing/subscriptions', { token: as('creator') })).body).toEqual({
        subscriptions: [],
        canManageBilling: false,
        paymentsConfigured: true,
      });
      // Authorization: another user never reads the fan's — a query naming the fan is not read, and
      // the subject answers for its actor only, whatever else the payload names.
      const named = await call(`/api/billing/subscriptions?userId=${users.fan.userId}`, {
        token: as('otherCreator'),
      });
      expect(named).toMatchObject({ status: 200, body: { subscriptions: [] } });
      await expect(
        services.client.request(Subjects.BillingSubscriptionList, {
          actor: actorOf('otherCreator'),
          userId: users.fan.userId,
        } as never),
      ).resolves.toMatchObject({ subscriptions: [] });
      const already = await call('/api/billing/checkout', {
        body: { creatorId: creatorIds.creator },
        token: as('fan'),
      });
      expect(already.status).toBe(409);
      expect(already.body.message).toMatch(/already subscribe/);
    });
  });

  describe('earnings and funnel (/creator/payments)', () => {
    const zeroFunnel = { fans: 0, reachedLimit: 0, subscribed: 0, cancelled: 0 };
    const earnings = (who: keyof typeof users) => call('/api/billing/earnings', { token: as(who) });

    /** A fan subscribing to the creator through Checkout and paying the first invoice, as Stripe tells it. */
    const subscribeEvents = (fanId: string, creatorId: string, amount: number, cancel: boolean) => {
      const now = Math.floor(Date.now() / 1000) - 5;
      const subscription = `sub_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const invoice = `in_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const metadata = { userId: fanId, creatorId };
      const events = [
        stripeEvent('checkout.session.completed', now, {
          id: `cs_${randomUUID().replace(/-/g, '')}`,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          subscription,
          invoice,
          metadata,
        }),
        stripeEvent('invoice.paid', now, {
          id: invoice,
          object: 'invoice',
          amount_paid: amount,
          currency: 'usd',
          application_fee_amount: Math.round(amount / 10),
          status_transitions: { paid_at: now },
          parent: { subscription_details: { subscription, metadata } },
          lines: { data: [{ period: { start: now, end: now + 30 * 86_400 } }] },
        }),
      ];
      if (cancel)
        events.push(
          stripeEvent('customer.subscription.updated', now + 1, {
            id: subscription,
            object: 'subscription',
            status: 'active',
            metadata,
            start_date: now,
            cancel_at_period_end: true,
            canceled_at: now + 1,
            items: { data: [{ current_period_start: now, current_period_end: now + 30 * 86_400 }] },
          }),
        );
      return events;
    };

    it('starts empty: twelve weeks of zeros, the current week last, and an empty funnel', async () => {
      const answer = await earnings('otherCreator');
      expect(answer.status).toBe(200);
      expect(answer.body.currency).toBe('usd');
      expect(answer.body.funnel).toEqual(zeroFunnel);
      const weeks = answer.body.weeks as { weekStart: string }[];
      expect(weeks).toHaveLength(12);
      for (const week of weeks)
        expect(week).toEqual({
          weekStart: expect.any(String),
          subscribers: 0,
          newSubscribers: 0,
          grossRevenue: 0,
          creatorRevenue: 0,
        });
      const last = new Date(weeks.at(-1)!.weekStart);
      expect(last.getUTCDay()).toBe(1); // Monday
      expect(Date.now() - last.getTime()).toBeLessThan(7 * 86_400_000);
    });

    it("counts the creator's own subscribers, revenue and funnel from billing's and chat-inference's records", async () => {
      const creatorId = creatorIds.otherCreator;
      const fans = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      // chat-inference's records: three fans wrote (and the creator tried their own persona), two met the limit.
      for (const owner of [fans[0]!, fans[2]!, fans[3]!, users.otherCreator.userId]) {
        const [conversation] = await rows(
          `INSERT INTO chat_inference.conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
          [owner, creatorId],
        );
        await sql.query(
          `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content)
           VALUES ($1, $2, $3, 'user', '[{"text":"hi"}]')`,
          [randomUUID(), conversation.id, owner],
        );
      }
      for (const owner of [fans[0]!, fans[2]!])
        await sql.query(
          `INSERT INTO chat_inference.free_tier_limits_reached (owner, "creatorId") VALUES ($1, $2)`,
          [owner, creatorId],
        );
      // Billing's: two fans subscribe and pay ($10.00 and $15.00), one of them cancels; each event twice.
      const events = [
        ...subscribeEvents(fans[0]!, creatorId, 1000, false),
        ...subscribeEvents(fans[1]!, creatorId, 1500, true),
      ];
      for (const event of [...events, ...events]) expect((await deliver(url, sign(event))).status).toBe(200);

      const expectedFunnel = { fans: 3, reachedLimit: 2, subscribed: 2, cancelled: 1 };
      let answer = await earnings('otherCreator');
      // Billing applies the queued events one after another: wait for the last of them.
      const settled = () =>
        JSON.stringify(answer.body.funnel) === JSON.stringify(expectedFunnel) &&
        answer.body.weeks?.at(-1)?.creatorRevenue === 2250;
      for (let tries = 0; tries < 100 && !settled(); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await earnings('otherCreator');
      }
      expect(answer.body.funnel).toEqual(expectedFunnel);
      expect(answer.body.weeks.at(-1)).toMatchObject({
        subscribers: 2,
        newSubscribers: 2,
        grossRevenue: 2500,
        creatorRevenue: 2250,
      });
      expect(
        answer.body.weeks.slice(0, -1).every((week: { subscribers: number }) => week.subscribers === 0),
      ).toBe(true);
      // Each invoice is one payment, however often its event arrived.
      expect(
        await rows(`SELECT "invoiceId" FROM billing.subscription_payments WHERE "creatorId" = $1`, [
          creatorId,
        ]),
      ).toHaveLength(2);

      // Another creator sees only their own figures; a fan has no creator figures at all.
      const other = await earnings('creator');
      expect(other.status).toBe(200);
      expect(other.body.funnel).not.toEqual(expectedFunnel);
      const named = await call(`/api/billing/earnings?creatorId=${creatorId}`, { token: as('creator') });
      expect(named.body.funnel).toEqual(other.body.funnel);
      expect(await earnings('fan')).toMatchObject({ status: 404, body: { code: ErrorCode.CreatorNotFound } });
      expect((await call('/api/billing/earnings')).status).toBe(401);
    });

    it("refuses another user's figures over NATS too, and bad input with VALIDATION_FAILED", async () => {
      for (const who of ['creator', 'fan'] as const)
        await expect(
          services.client.request(Subjects.ChatCreatorFunnelGet, {
            actor: actorOf(who),
            creatorId: creatorIds.otherCreator,
          }),
        ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
      await expect(
        services.client.request(Subjects.ChatCreatorFunnelGet, {
          actor: { ...actorOf('fan'), groups: ['admin'] },
          creatorId: creatorIds.otherCreator,
        }),
      ).resolves.toEqual({ fans: 3, reachedLimit: 2 });
      const bad: [string, unknown][] = [
        [Subjects.BillingEarningsGet, {}],
        [Subjects.BillingEarningsGet, { actor: actorOf('creator'), creatorId: creatorIds.otherCreator }],
        [Subjects.ChatCreatorFunnelGet, { actor: actorOf('otherCreator'), creatorId: 'not-an-id' }],
        [Subjects.ChatCreatorFunnelGet, { creatorId: creatorIds.otherCreator }],
      ];
      for (const [subject, payload] of bad)
        await expect(services.client.request(subject as never, payload as never)).rejects.toMatchObject({
          code: ErrorCode.ValidationFailed,
        });
    });
  });
});

/** Issue 11 item 6: without STRIPE_SECRET_KEY every payment action says payments are not configured. */
describe('billing without Stripe keys', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  const creatorId = randomUUID();
  const creatorUser = randomUUID();
  const actor: Actor = { userId: creatorUser, userType: 'authenticated', groups: [] };
  const origin = 'http://localhost:3000';

  beforeAll(async () => {
    database = await createSystemTestDatabase('billing-no-keys');
    services = await startServicesInProcess([creatorsService, billingService], {
      DATABASE_URL: database.url,
    });
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle)
         VALUES ($1, $2, $2, 'https://www.tiktok.com/@nokeys', $3)`,
        [creatorId, creatorUser, `nokeys.${creatorId.slice(0, 8)}`],
      );
    } finally {
      await sql.end();
    }
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it.each([
    [Subjects.BillingOnboardingStart, { actor, origin }],
    [Subjects.BillingCheckoutCreate, { actor: { ...actor, userId: randomUUID() }, creatorId, origin }],
    [Subjects.BillingPortalCreate, { actor, origin, returnPath: '/' }],
  ] as const)('%s answers PAYMENTS_NOT_CONFIGURED', async (subject, payload) => {
    await expect(services.client.request(subject, payload as never)).rejects.toMatchObject({
      code: ErrorCode.PaymentsNotConfigured,
      message: expect.stringContaining('Payments are not configured on this Backtalk server'),
    });
  });

  it("tells the web app that this server takes no payments (the demo creator's limit dialog says so)", async () => {
    await expect(services.client.request(Subjects.BillingSubscriptionList, { actor })).resolves.toEqual({
      subscriptions: [],
      canManageBilling: false,
      paymentsConfigured: false,
    });
  });

  it('still shows the onboarding status and lets the creator set a price', async () => {
    await expect(services.client.request(Subjects.BillingOnboardingStatus, { actor })).resolves.toEqual({
      status: 'incomplete',
      accountId: null,
    });
    await expect(
      services.client.request(Subjects.BillingPriceSet, { actor, pricePerSubscription: 800 }),
    ).resolves.toMatchObject({ pricePerSubscription: 800, platformFee: 80, creatorShare: 720 });
  });
});
