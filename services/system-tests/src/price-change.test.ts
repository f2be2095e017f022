import { type Actor, Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import {
  describeNeeding,
  type InProcessServices,
  startStripeMock,
  startTestSmtpServer,
  stripeMockProblem,
  type StripeMock,
  type TestDatabase,
  type TestSmtpServer,
  waitFor,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const describeWithStripeMock = describeNeeding('stripe-mock', stripeMockProblem());
const PASSWORD = 'Correct-Horse-9';
const DAY = 24 * 60 * 60 * 1000;

/** stripe-mock behind a proxy that keeps every request's method, path and form body, to read what billing asked. */
async function recordingProxy(mock: StripeMock) {
  const requests: { method: string; path: string; body: URLSearchParams }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: new URLSearchParams(body.toString()),
      });
      const forward = http.request(
        {
          host: mock.env.STRIPE_API_HOST,
          port: mock.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    env: {
      ...mock.env,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String((server.address() as AddressInfo).port),
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 23 item 7 (spec §9, 30 days' notice): a creator's new price applies to new fans at once;
 * each existing subscriber is emailed and scheduled at Stripe (the real stripe SDK against
 * stripe-mock) to move at their first renewal at least 30 days later; /creator/payments' list shows
 * the pending change, to its creator only.
 */
describeWithStripeMock('price changes with notice (HTTP, stripe-mock, SMTP)', () => {
  let mock: StripeMock;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let sql: Client;
  let address = 0;
  const call = gatewayHttp(
    () => gateway.url,
    () => ({ 'x-forwarded-for': `198.51.100.${++address % 250}` }),
  );
  const users: Record<
    'creator' | 'other' | 'fan' | 'lateFan',
    { userId: string; token: string; email: string }
  > = {} as never;
  const creatorId = randomUUID();
  const otherCreatorId = randomUUID();

  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await recordingProxy(mock);
    smtp = await startTestSmtpServer();
    database = await createSystemTestDatabase('price_change');
    ({ services, gateway } = await startPlatformInProcess(
      {
        DATABASE_URL: database.url,
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        LLM_PRELOAD: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Backtalk <codes@backtalk.test>',
        DIGEST_CHECK_MINUTES: '0',
        ...proxy.env,
      },
      { TRUSTED_PROXIES: '127.0.0.1' },
    ));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const tag = randomUUID().slice(0, 8);
    for (const who of ['creator', 'other', 'fan', 'lateFan'] as const) {
      const email = `${who.toLowerCase()}.${tag}@example.com`;
      const account = await signUpAccount(call, email, PASSWORD, (to) =>
        smtp.waitFor(to, /Your code is (\d{6})/),
      );
      users[who] = { ...account, email };
    }
    for (const [who, id] of [
      ['creator', creatorId],
      ['other', otherCreatorId],
    ] as const)
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle, "nickName") VALUES ($1, $2, $2, $3, $4, $5)`,
        [id, users[who].userId, `https://www.tiktok.com/@${who}.${tag}`, `${who}.${tag}`, `Creator ${who}`],
      );
    await sql.query(
      `INSERT INTO billing.stripe_accounts ("creatorId", "stripeAccountId", "onboardingComplete") VALUES ($1, 'acct_creator', true)`,
      [creatorId],
    );
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await smtp?.close();
    await proxy?.close();
    await mock?.close();
  });

  it('tells the existing subscriber, schedules their move at the first renewal 30+ days on, and lists it to the creator only', async () => {
    // The fan subscribed at $10.00; their next renewal is in 10 days, so the new price starts a month after it.
    const renewal = new Date(Date.now() + 10 * DAY);
    await sql.query(
      `INSERT INTO billing.creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status, "stripeSubscriptionId", "stripeStatus")
       VALUES ($1, $2, $1, $3, $4, 'active', 'sub_existing', 'active')`,
      [users.fan.userId, creatorId, new Date(renewal.getTime() - 30 * DAY), renewal],
    );
    const set = await call('/api/billing/price', {
      method: 'PUT',
      token: users.creator.token,
      body: { pricePerSubscription: 1500 },
    });
    expect(set).toMatchObject({ status: 200, body: { pricePerSubscription: 1500 } });

    const mail = await smtp.waitFor(users.fan.email, /changes to \$15\.00 a month/);
    expect(mail).toBeTruthy();
    const expectedMove = new Date(renewal);
    expectedMove.setUTCMonth(expectedMove.getUTCMonth() + 1);

    const update = await waitFor(
      () =>
        proxy.requests.find(
          (request) =>
            request.method === 'POST' && /^\/v1\/subscription_schedules\/[^/]+$/.test(request.path),
        ),
      { timeoutMs: 30_000, what: 'the subscription schedule update' },
    );
    expect(
      proxy.requests
        .find((request) => request.path === '/v1/subscription_schedules' && request.method === 'POST')
        ?.body.get('from_subscription'),
    ).toBe('sub_existing');
    const phaseEnd = Number(update.body.get('phases[0][end_date]'));
    expect(Math.abs(phaseEnd * 1000 - expectedMove.getTime())).toBeLessThan(1000);
    const newPrice = proxy.requests.find(
      (request) => request.path === '/v1/prices' && request.body.get('unit_amount') === '1500',
    );
    expect(newPrice).toBeDefined();
    expect(update.body.get('phases[1][items][0][price]')).toMatch(/^price_/);
    expect(update.body.get('phases[1][transfer_data][destination]')).toBe('acct_creator');
    expect(update.body.get('phases[1][proration_behavior]')).toBe('none');
    expect(update.body.get('end_behavior')).toBe('release');

    const listed = await call('/api/billing/price/changes', { token: users.creator.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      changes: [
        expect.objectContaining({
          fromPrice: 1000,
          toPrice: 1500,
          currency: 'usd',
          subscribers: 1,
          pending: 1,
          firstEffectiveAt: expect.any(String),
        }),
      ],
    });
    const change = (listed.body as { changes: { firstEffectiveAt: string }[] }).changes[0]!;
    expect(Math.abs(new Date(change.firstEffectiveAt).getTime() - expectedMove.getTime())).toBeLessThan(1000);

    // Authorization: another creator sees their own (empty) list; a fan is no creator; a guest token is refused.
    await expect(call('/api/billing/price/changes', { token: users.other.token })).resolves.toEqual({
      status: 200,
      body: { changes: [] },
    });
    expect((await call('/api/billing/price/changes', { token: users.fan.token })).status).toBe(404);
    expect((await call('/api/billing/price/changes')).status).toBe(401);
  });

  it('charges a new fan the new price at once (Checkout with a 1500-cent price)', async () => {
    const before = proxy.requests.length;
    const checkout = await call('/api/billing/checkout', {
      method: 'POST',
      token: users.lateFan.token,
      body: { creatorId },
    });
    expect(checkout.status).toBe(200);
    const session = proxy.requests
      .slice(before)
      .find((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST');
    const stored = await sql.query(
      'SELECT "stripePriceId", price_per_subscription FROM billing.creator_prices WHERE "creatorId" = $1',
      [creatorId],
    );
    expect(stored.rows[0].price_per_subscription).toBe(1500);
    expect(session?.body.get('line_items[0][price]')).toBe(stored.rows[0].stripePriceId);
  });

  it('a second save of the same price announces nothing new, and the other creator’s save touches no one of theirs', async () => {
    const actor: Actor = { userId: users.other.userId, userType: 'authenticated', groups: [] };
    await services.client.request(Subjects.BillingPriceSet, { actor, pricePerSubscription: 2000 });
    const { rows } = await sql.query(
      'SELECT "creatorId", "toPrice" FROM billing.price_changes ORDER BY "noticeAt"',
    );
    expect(rows).toEqual([
      { creatorId, toPrice: 1500 },
      { creatorId: otherCreatorId, toPrice: 2000 },
    ]);
    await call('/api/billing/price', {
      method: 'PUT',
      token: users.creator.token,
      body: { pricePerSubscription: 1500 },
    });
    expect((await sql.query('SELECT count(*)::int AS n FROM billing.price_changes')).rows[0].n).toBe(2);
  });
});
