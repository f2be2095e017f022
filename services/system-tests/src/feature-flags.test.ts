import {
  startTestSmtpServer,
  waitFor,
  type InProcessServices,
  type TestDatabase,
  type TestSmtpServer,
} from '@backtalk/testing';
import type { StartedGateway } from '@backtalk/gateway';
import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gatewayHttp, type HttpAnswer, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const PASSWORD = 'Correct-Horse-9';
/** Spec §9: readers cache a flag for 60 s; a toggle must reach them within that (and a margin). */
const FLAG_CACHE_MS = 60_000;

describe('feature-flag admin over HTTP (spec §4, §6, §7, §9)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let smtp: TestSmtpServer;
  let admin: { userId: string; token: string };
  let user: { userId: string; token: string };
  let guestToken: string;
  let featuredId: string;

  const call = gatewayHttp(() => gateway.url);
  /** A confirmed account, signed in; the code comes from the test SMTP server. */
  const account = (email: string) =>
    signUpAccount(call, email, PASSWORD, (to) => smtp.waitFor(to, /Your code is (\d{6})/));
  const signIn = async (email: string) => {
    const { status, body } = await call('/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(status).toBe(200);
    const token = body.session.accessToken as string;
    const session = await call('/api/auth/session', { token });
    return { userId: session.body.userId as string, token };
  };
  const flags = (token: string) => call('/api/feature-flags', { token });
  const bypassFlag = async (token: string) =>
    (await flags(token)).body.flags.find((flag: { name: string }) => flag.name === 'bypassSubscriptions');

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createSystemTestDatabase('feature_flags');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Backtalk <codes@backtalk.test>',
      // The state under test is a fan at the free-tier limit: no message is free.
      FREE_TIER_MESSAGES: '0',
    }));
    featuredId = (await call('/api/creators/featured')).body.id;
    guestToken = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken;
    user = await account('fan@backtalk.test');
    const adminEmail = 'ops@backtalk.test';
    await account(adminEmail);
    // The operator's command, as docs/security.md gives it.
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', adminEmail],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    admin = await signIn(adminEmail);
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await smtp?.close();
  });

  it("lists this deployment's flags to any session, with its environment", async () => {
    for (const token of [guestToken, user.token, admin.token]) {
      const { status, body } = await flags(token);
      expect(status).toBe(200);
      expect(body.environment).toBe('development');
      expect(body.flags).toContainEqual(
        expect.objectContaining({ name: 'bypassSubscriptions', enabled: false, environment: 'development' }),
      );
    }
    expect((await call('/api/feature-flags')).status).toBe(401);
  });

  it('refuses a toggle or a new flag from a user who is not an admin, and changes nothing', async () => {
    const flag = await bypassFlag(user.token);
    const toggled = await call(`/api/feature-flags/${flag.id}`, {
      method: 'PATCH',
      body: { enabled: true },
      token: user.token,
    });
    expect(toggled).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const created = await call('/api/feature-flags', { body: { name: 'userFlag' }, token: user.token });
    expect(created).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await bypassFlag(user.token)).enabled).toBe(false);
    expect((await flags(user.token)).body.flags.map((f: { name: string }) => f.name)).not.toContain(
      'userFlag',
    );
  });

  it('answers bad input with a clear 400 and changes nothing', async () => {
    const flag = await bypassFlag(admin.token);
    for (const [route, method, body] of [
      ['/api/feature-flags/not-a-uuid', 'PATCH', { enabled: true }],
      [`/api/feature-flags/${flag.id}`, 'PATCH', { enabled: 'yes' }],
      [`/api/feature-flags/${flag.id}`, 'PATCH', { enabled: true, environment: 'production' }],
      [`/api/feature-flags/${flag.id}`, 'PATCH', '{"enabled":'],
      ['/api/feature-flags', 'POST', { name: 'has space' }],
      ['/api/feature-flags', 'POST', { name: 'ok', description: 'x'.repeat(501) }],
      ['/api/feature-flags', 'POST', { name: 'ok', owner: 'someone-else' }],
    ] as const) {
      const answer = await call(route, { method, body, token: admin.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    expect((await bypassFlag(admin.token)).enabled).toBe(false);
    expect((await flags(admin.token)).body.flags.map((f: { name: string }) => f.name)).not.toContain('ok');
  });

  it('lets an admin create a flag, once per name', async () => {
    const created = await call('/api/feature-flags', {
      body: { name: 'newCheckout', description: 'The new checkout page' },
      token: admin.token,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'newCheckout', enabled: false, environment: 'development', lastUpdatedBy: admin.userId },
    });
    const again = await call('/api/feature-flags', { body: { name: 'newCheckout' }, token: admin.token });
    expect(again).toMatchObject({ status: 409, body: { code: 'FLAG_EXISTS' } });
  });

  it("an admin's bypassSubscriptions toggle lifts a fan's limit within the flag cache time", async () => {
    const limit = () =>
      call('/api/chat/rate-limit', { body: { creatorId: featuredId }, token: guestToken }).then(
        (answer) => answer.body.canSendMessage as boolean,
      );
    expect(await limit()).toBe(false);
    const flag = await bypassFlag(admin.token);
    const toggled = await call(`/api/feature-flags/${flag.id}`, {
      method: 'PATCH',
      body: { enabled: true },
      token: admin.token,
    });
    expect(toggled).toMatchObject({ status: 200, body: { enabled: true, lastUpdatedBy: admin.userId } });
    await waitFor(async () => ((await limit()) ? true : undefined), {
      timeoutMs: FLAG_CACHE_MS + 5_000,
      intervalMs: 1_000,
      what: "the fan's limit to lift after bypassSubscriptions was turned on",
    });
  });

  it.each([
    ['localhost', 'development', true],
    ['127.0.0.1', 'development', true],
    ['staging.backtalk.example', 'development', true],
    ['dev-backtalk.example', 'development', true],
    ['app.dev.backtalk.example', 'production', true],
    ['backtalk.example', 'production', false],
  ])(
    'tells a page on %s it is in %s, with developer pages: %s',
    async (host, environment, developerPages) => {
      // fetch() sends the URL's host whatever the headers say; node:http sends the one given.
      const answer = await new Promise<HttpAnswer>((resolve, reject) => {
        const request = http.get(`${gateway.url}/api/environment`, { headers: { host } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        });
        request.on('error', reject);
      });
      expect(answer).toEqual({ status: 200, body: { environment, developerPages } });
    },
  );
});
