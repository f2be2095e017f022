import {
  describeWithNats,
  itWhenAvailable,
  redisProblem,
  startTestSmtpServer,
  testNatsUrl,
  testRedisUrl,
  type TestDatabase,
  type TestSmtpServer,
  waitFor,
} from '@backtalk/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { type RunningCluster, repoRoot, startCluster } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const PASSWORD = 'Correct-Horse-9';
let addresses = 0;
/** Each test speaks from addresses of its own (X-Forwarded-For through the trusted local proxy). */
const newAddress = () => `203.0.113.${++addresses}`;

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  cookie?: string;
}

/** The bt_refresh cookie a response sets ('' when it clears it), and its attributes. */
function refreshCookieOf(headers: Headers): { value: string; attributes: string } | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('bt_refresh='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split('; ');
  return { value: pair!.slice('bt_refresh='.length), attributes: attributes.join('; ') };
}

/** Keys under a prefix in Redis, over its wire protocol (the system tests carry no Redis client). */
function redisKeys(url: string, pattern: string): Promise<string[]> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    let text = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      text += chunk.toString();
      const lines = text.split('\r\n');
      const count = Number(lines[0]?.slice(1));
      if (lines.length >= 2 * count + 2) {
        socket.destroy();
        resolve(
          lines
            .slice(1)
            .filter((_, index) => index % 2 === 1)
            .slice(0, count),
        );
      }
    });
    socket.write(`*2\r\n$4\r\nKEYS\r\n$${Buffer.byteLength(pattern)}\r\n${pattern}\r\n`);
  });
}

describeWithNats('accounts over HTTP: gateway, identity and chat-inference as processes over NATS', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let smtp: TestSmtpServer;
  let url: string;
  const prefix = `acct${randomBytes(4).toString('hex')}.`;
  const redisPrefix = `test-${randomBytes(4).toString('hex')}`;
  const redis = redisProblem() === null;

  const call = async (
    route: string,
    init: {
      method?: string;
      body?: unknown;
      token?: string;
      cookie?: string;
      csrf?: boolean;
      from?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> => {
    const response = await fetch(`${url}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-forwarded-for': init.from ?? newAddress(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: `bt_refresh=${init.cookie}` } : {}),
        ...(init.csrf ? { 'x-backtalk-csrf': '1' } : {}),
        ...init.headers,
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text.startsWith('{') ? JSON.parse(text) : {},
      cookie: refreshCookieOf(response.headers)?.value,
    };
  };

  /** Signs up through the screens' routes and confirms with the code from the inbox. */
  const signUp = async (email: string, token?: string): Promise<Answer> => {
    const from = newAddress();
    const started = await call('/api/auth/sign-up', { body: { email, password: PASSWORD }, token, from });
    expect(started.status).toBe(200);
    const code = await smtp.waitFor(email, /Your code is (\d{6})/);
    return call('/api/auth/sign-up/confirm', {
      body: { email, code, challenge: started.body.challenge },
      token,
      from,
    });
  };
  const signIn = (email: string, password = PASSWORD, from?: string) =>
    call('/api/auth/sign-in', { body: { email, password }, ...(from ? { from } : {}) });
  const count = async (table: string): Promise<number> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(`SELECT count(*)::int AS count FROM ${table}`)).rows[0].count as number;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createSystemTestDatabase('accounts');
    cluster = await startCluster(
      {
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        LLM_MAX_TOKENS: '16',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Backtalk <codes@backtalk.test>',
        // The test's requests name their client address through the local "proxy".
        TRUSTED_PROXIES: '127.0.0.1',
        ...(redis
          ? {
              REDIS_URL: testRedisUrl(),
              RATE_LIMIT_KEY_PREFIX: redisPrefix,
              THROTTLE_KEY_PREFIX: `${redisPrefix}:throttle`,
            }
          : {}),
      },
      ['identity', 'creators', 'chat-inference', 'billing', 'feature-flags'],
    );
    url = cluster.gatewayUrl;
    await waitFor(
      async () => {
        const response = await fetch(`${url}/api/health`).catch(() => undefined);
        const body = (await response?.json().catch(() => undefined)) as { down?: string[] } | undefined;
        return body?.down?.length === 1 && body.down[0] === 'ingestion' ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 250, what: 'gateway, identity, creators and chat-inference to be up' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${cluster.output.join('\n')}`);
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await smtp?.close();
  });

  it("keeps a guest's chat when the guest signs up: the conversation, its reply and the free-tier usage move to the account", async () => {
    const guest = await call('/api/auth/guest', { body: {} });
    expect(guest.status).toBe(201);
    // The refresh token is in the HttpOnly cookie only, out of reach of page scripts.
    expect(guest.cookie).toEqual(expect.any(String));
    expect(guest.body.tokens.refreshToken).toBeUndefined();
    const guestToken = guest.body.tokens.accessToken as string;
    const creator = await call('/api/creators/by-handle/demo.creator');
    const conversation = await call('/api/conversations', {
      body: { creatorId: creator.body.id },
      token: guestToken,
    });
    const messagesUrl = `/api/conversations/${conversation.body.id}/messages`;
    const sent = await fetch(`${url}${messagesUrl}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${guestToken}`,
        'x-forwarded-for': newAddress(),
      },
      body: JSON.stringify({ content: [{ text: 'Remember me after I sign up' }] }),
    });
    expect(await sent.text()).toMatch(/"stopReason":"(end_turn|max_tokens)"/);
    const asGuest = (await call(messagesUrl, { token: guestToken })).body.messages;
    expect(asGuest.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);

    const email = `carried.${randomUUID().slice(0, 8)}@example.com`;
    const confirmed = await signUp(email, guestToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.nextStep).toEqual({ step: 'done' });
    const account = confirmed.body.session.accessToken as string;

    const asAccount = await call(messagesUrl, { token: account });
    expect(asAccount.status).toBe(200);
    expect(asAccount.body.messages).toEqual(asGuest);
    const reopened = await call('/api/conversations', {
      body: { creatorId: creator.body.id },
      token: account,
    });
    expect(reopened.body.id).toBe(conversation.body.id);
    // The guest no longer reads it: not its conversation (404), or its session already refused (401).
    expect([401, 404]).toContain((await call(messagesUrl, { token: guestToken })).status);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const userId = (await call('/api/auth/session', { token: account })).body.userId;
      const usage = await client.query(
        'SELECT "queryCount" FROM chat_inference.user_rate_limits WHERE "userId" = $1',
        [userId],
      );
      expect(usage.rows).toEqual([{ queryCount: 1 }]);
      const guestRow = await client.query(
        'SELECT "convertedToUser", "convertedUserId" FROM identity.guest_users WHERE "cognitoUsername" = $1',
        [guest.body.userId],
      );
      expect(guestRow.rows).toEqual([{ convertedToUser: true, convertedUserId: userId }]);
    } finally {
      await client.end();
    }
    // The guest's own session ended with the conversion; its access token stops within 10 s.
    const guestRefresh = await call('/api/auth/refresh', { body: {}, cookie: guest.cookie, csrf: true });
    expect(guestRefresh.status).toBe(401);
  });

  describe('the refresh cookie', () => {
    it('is set HttpOnly, SameSite=Strict, Path=/api/auth on sign-in; the body never holds the refresh token', async () => {
      const email = `cookie.${randomUUID().slice(0, 8)}@example.com`;
      const confirmed = await signUp(email);
      const cookie = refreshCookieOf(confirmed.headers)!;
      expect(cookie.value).toMatch(/^[\w-]{43}$/);
      expect(cookie.attributes).toMatch(
        /^Max-Age=2592000; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
      );
      expect(JSON.stringify(confirmed.body)).not.toContain(cookie.value);
      expect(Object.keys(confirmed.body.session).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);

      const signedIn = await signIn(email);
      expect(signedIn.body.nextStep).toEqual({ step: 'done' });
      expect(signedIn.cookie).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(signedIn.body)).not.toContain(signedIn.cookie);
    });

    it('is Secure except over plain http on localhost', async () => {
      // Another host name than localhost, still over plain http (as behind a TLS-terminating proxy).
      const setCookie = await new Promise<string[]>((resolve, reject) => {
        const request = http.request(
          `${url}/api/auth/guest`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              host: 'backtalk.example',
              'x-forwarded-for': newAddress(),
            },
          },
          (response) => {
            response.resume();
            resolve(response.headers['set-cookie'] ?? []);
          },
        );
        request.once('error', reject);
        request.end('{}');
      });
      expect(setCookie.find((line) => line.startsWith('bt_refresh='))).toContain('; Secure');
      const local = await call('/api/auth/guest', { body: {} });
      expect(refreshCookieOf(local.headers)!.attributes).not.toContain('Secure');
    });

    it('refreshes only with the CSRF header and from this origin, and rotates the cookie', async () => {
      const { cookie } = await signUp(`csrf.${randomUUID().slice(0, 8)}@example.com`);
      const without = await call('/api/auth/refresh', { body: {}, cookie });
      expect([without.status, without.body.code]).toEqual([403, 'CSRF_REJECTED']);
      const foreign = await call('/api/auth/refresh', {
        body: {},
        cookie,
        csrf: true,
        headers: { origin: 'https://evil.example' },
      });
      expect([foreign.status, foreign.body.code]).toEqual([403, 'CSRF_REJECTED']);
      const crossSite = await call('/api/auth/refresh', {
        body: {},
        cookie,
        csrf: true,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      const refreshed = await call('/api/auth/refresh', {
        body: {},
        cookie,
        csrf: true,
        headers: { origin: url },
      });
      expect(refreshed.status).toBe(200);
      expect(Object.keys(refreshed.body.tokens).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
      expect(refreshed.cookie).toMatch(/^[\w-]{43}$/);
      expect(refreshed.cookie).not.toBe(cookie);
    });

    it('lets two tabs refresh with the same cookie at the same moment without signing the user out', async () => {
      const { cookie } = await signUp(`tabs.${randomUUID().slice(0, 8)}@example.com`);
      const [first, second] = await Promise.all([
        call('/api/auth/refresh', { body: {}, cookie, csrf: true }),
        call('/api/auth/refresh', { body: {}, cookie, csrf: true }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      // Exactly one sets the successor; the other leaves the cookie the browser now holds.
      const successors = [first.cookie, second.cookie].filter(Boolean);
      expect(successors).toHaveLength(1);
      const next = await call('/api/auth/refresh', { body: {}, cookie: successors[0], csrf: true });
      expect(next.status).toBe(200);
    });

    it('signs out: revokes the session, clears the cookie, and a later refresh is refused', async () => {
      const { cookie, body } = await signUp(`out.${randomUUID().slice(0, 8)}@example.com`);
      const noHeader = await call('/api/auth/sign-out', { body: {}, cookie });
      expect(noHeader.status).toBe(403);
      const out = await call('/api/auth/sign-out', { body: {}, cookie, csrf: true });
      // 200 with the provider's logout URL for OAuth sessions; none for an email and password one.
      expect([out.status, out.body]).toEqual([200, { endSessionUrl: null }]);
      expect(refreshCookieOf(out.headers)).toMatchObject({ value: '' });
      expect(refreshCookieOf(out.headers)!.attributes).toContain('Path=/api/auth');
      const after = await call('/api/auth/refresh', { body: {}, cookie, csrf: true });
      expect([after.status, after.body.code]).toEqual([401, 'TOKEN_INVALID']);
      expect(refreshCookieOf(after.headers)).toMatchObject({ value: '' });
      // Its access token stops at once too, not after its 15 minutes (ASVS 7.4.1).
      const stale = await call('/api/auth/sessions', { token: body.session.accessToken });
      expect([stale.status, stale.body.code]).toEqual([401, 'UNAUTHORIZED']);
    });
  });

  describe("a user's sessions", () => {
    it("lists the user's own, marks the current one, and cannot end another user's", async () => {
      const email = `list.${randomUUID().slice(0, 8)}@example.com`;
      const first = await signUp(email);
      const second = await signIn(email);
      const other = await signUp(`other.${randomUUID().slice(0, 8)}@example.com`);
      const token = first.body.session.accessToken;
      const list = await call('/api/auth/sessions', { token });
      expect(list.status).toBe(200);
      expect(list.body.sessions).toHaveLength(2);
      expect(list.body.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
      const otherId = (await call('/api/auth/sessions', { token: other.body.session.accessToken })).body
        .sessions[0].id;
      const refused = await call(`/api/auth/sessions/${otherId}`, { method: 'DELETE', token });
      expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await call('/api/auth/refresh', { body: {}, cookie: other.cookie, csrf: true })).status).toBe(
        200,
      );

      const secondId = list.body.sessions.find((session: { current: boolean }) => !session.current).id;
      expect((await call(`/api/auth/sessions/${secondId}`, { method: 'DELETE', token })).body).toEqual({
        revoked: true,
      });
      expect((await call('/api/auth/refresh', { body: {}, cookie: second.cookie, csrf: true })).status).toBe(
        401,
      );

      const everywhere = await call('/api/auth/sessions', { method: 'DELETE', token });
      expect(everywhere.body).toEqual({ revoked: 1 });
      expect(refreshCookieOf(everywhere.headers)).toMatchObject({ value: '' });
      expect((await call('/api/auth/refresh', { body: {}, cookie: first.cookie, csrf: true })).status).toBe(
        401,
      );
    });

    it('answers the session routes without a token with 401', async () => {
      for (const [method, route] of [
        ['GET', '/api/auth/sessions'],
        ['DELETE', '/api/auth/sessions'],
        ['DELETE', `/api/auth/sessions/${randomUUID()}`],
      ] as const) {
        expect((await call(route, { method })).status).toBe(401);
      }
    });
  });

  describe('sign-in over HTTP', () => {
    it('answers a wrong password and an unknown email alike, then locks the account with 429 and Retry-After', async () => {
      const email = `lock.${randomUUID().slice(0, 8)}@example.com`;
      await signUp(email);
      const wrong = await signIn(email, 'Wrong-Horse-9');
      const unknown = await signIn(`nobody.${randomUUID().slice(0, 8)}@example.com`);
      expect(wrong.body).toEqual(unknown.body);
      expect([wrong.status, wrong.body]).toEqual([
        401,
        { code: 'AUTH_INVALID_CREDENTIALS', message: 'Incorrect username or password.', service: 'identity' },
      ]);
      await signIn(email, 'Wrong-Horse-9');
      await signIn(email, 'Wrong-Horse-9');
      const slowed = await signIn(email, PASSWORD);
      expect(slowed.status).toBe(429);
      expect(slowed.body).toMatchObject({
        code: 'AUTH_TOO_MANY_ATTEMPTS',
        message: 'Too many attempts. Please try again later.',
        retryAfterSeconds: 1,
      });
      expect(slowed.headers.get('retry-after')).toBe('1');
    });

    it('answers forgot password and resend alike for any email, and emails what is due afterwards (JetStream)', async () => {
      const email = `recover.${randomUUID().slice(0, 8)}@example.com`;
      const nobody = `nobody.${randomUUID().slice(0, 8)}@example.com`;
      await signUp(email);
      const masked = (address: string) => ({
        codeDelivery: {
          medium: 'EMAIL',
          destination: `${address[0]}***${address.split('@')[0]!.at(-1)}@example.com`,
        },
      });
      for (const route of ['/api/auth/password/forgot', '/api/auth/sign-up/resend']) {
        const known = await call(route, { body: { email } });
        const unknown = await call(route, { body: { email: nobody } });
        expect([known.status, known.body]).toEqual([200, masked(email)]);
        expect([unknown.status, unknown.body]).toEqual([200, masked(nobody)]);
      }
      const code = await smtp.waitFor(email, /Your Backtalk password reset code[\s\S]*Your code is (\d{6})/);
      const reset = await call('/api/auth/password/reset', {
        body: { email, code, password: 'Another-Horse-10' },
      });
      expect([reset.status, reset.body]).toEqual([200, { reset: true }]);
      await smtp.waitFor(email, /Your Backtalk account is already confirmed/);
      expect(smtp.received.some((mail) => mail.to.includes(nobody))).toBe(false);
    });

    itWhenAvailable(
      'redis',
      redisProblem(),
      'keeps the brute-force counters in Redis, shared by every identity replica, hashed',
      async () => {
        await signIn(`counted.${randomUUID().slice(0, 8)}@example.com`, 'Wrong-Horse-9');
        const keys = await redisKeys(testRedisUrl(), `${redisPrefix}:signin-fail-*`);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys)
          expect(key).toMatch(/^test-[0-9a-f]{8}:signin-fail-(account|address):[0-9a-f]{64}$/);
      },
    );
  });

  describe('bad input on the new routes: a clear 4xx {code, message}, nothing stored', () => {
    it.each([
      ['/api/auth/sign-up', { email: 'not-an-email', password: PASSWORD }],
      ['/api/auth/sign-up', { email: 'a@example.com', password: PASSWORD, client: { ip: '127.0.0.1' } }],
      ['/api/auth/sign-up', { email: 'a@example.com', password: PASSWORD, guestUserId: randomUUID() }],
      ['/api/auth/sign-up', { email: 'a@example.com', password: PASSWORD, attributes: { role: 'admin' } }],
      ['/api/auth/sign-up', { email: 'a@example.com', password: 'weak' }],
      ['/api/auth/sign-up/confirm', { email: 'a@example.com', code: '' }],
      ['/api/auth/sign-up/resend', { email: 42 }],
      ['/api/auth/sign-in', { email: 'a@example.com' }],
      ['/api/auth/sign-in/respond', { challenge: 'short', answer: { kind: 'code', code: '1' } }],
      [
        '/api/auth/sign-in/respond',
        { challenge: 'x'.repeat(43), answer: { kind: 'newPassword', password: PASSWORD } },
      ],
      ['/api/auth/password/forgot', { email: 'a\u0000@example.com' }],
      ['/api/auth/password/reset', { email: 'a@example.com', code: '123456', password: 'weak' }],
    ])('POST %s %j', async (route, body) => {
      const before = [
        await count('identity.users'),
        await count('identity.sessions'),
        await count('identity.verification_codes'),
      ];
      const answer = await call(route, { body });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
      expect(answer.cookie).toBeUndefined();
      expect([
        await count('identity.users'),
        await count('identity.sessions'),
        await count('identity.verification_codes'),
      ]).toEqual(before);
    });

    it('answers the signed-in routes with 401 without a token, and a guest verifying an email with 403', async () => {
      expect((await call('/api/auth/attributes/verify', { body: { attribute: 'email' } })).status).toBe(401);
      const guest = await call('/api/auth/guest', { body: {} });
      const refused = await call('/api/auth/attributes/verify', {
        body: { attribute: 'email' },
        token: guest.body.tokens.accessToken,
      });
      expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    });

    it('answers a sign-in that carries a forged guest token with 401, signing nobody in', async () => {
      const answer = await call('/api/auth/sign-in', {
        body: { email: 'a@example.com', password: PASSWORD },
        token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      });
      expect([answer.status, answer.body.code]).toEqual([401, 'UNAUTHORIZED']);
      expect(answer.cookie).toBeUndefined();
    });
  });

  describe('SMS over HTTP (no SMS_PROVIDER: texts stay in the development outbox)', () => {
    /** An account with this phone number, signed up and confirmed: its access token. */
    const accountWithPhone = async (phone: string): Promise<string> => {
      const email = `sms.${randomUUID().slice(0, 8)}@example.com`;
      const from = newAddress();
      const started = await call('/api/auth/sign-up', {
        body: { email, password: PASSWORD, attributes: { phone_number: phone } },
        from,
      });
      expect(started.status).toBe(200);
      const code = await smtp.waitFor(email, /Your code is (\d{6})/);
      const confirmed = await call('/api/auth/sign-up/confirm', {
        body: { email, code, challenge: started.body.challenge },
        from,
      });
      expect(confirmed.body.nextStep).toEqual({
        step: 'verifyUser',
        unverified: [{ attribute: 'phone_number', destination: `***${phone.slice(-4)}` }],
      });
      return confirmed.body.session.accessToken as string;
    };
    const textedCode = async (phone: string): Promise<string> => {
      const outbox = await call('/api/dev/outbox', { from: '127.0.0.1' });
      const text = (outbox.body.messages as { channel: string; to: string; text: string }[]).find(
        (message) => message.channel === 'sms' && message.to === phone,
      );
      const code = /Your Backtalk code is (\d{6})/.exec(text?.text ?? '')?.[1];
      if (!code) throw new Error(`no code texted to ${phone}`);
      return code;
    };

    it("verifies only the caller's own phone and turns on SMS MFA; another user's code does nothing", async () => {
      const owner = await accountWithPhone('+14155550181');
      const stranger = await accountWithPhone('+14155550182');
      const sent = await call('/api/auth/attributes/verify', {
        body: { attribute: 'phone_number' },
        token: owner,
      });
      expect([sent.status, sent.body]).toEqual([
        200,
        { codeDelivery: { medium: 'SMS', destination: '***0181' } },
      ]);
      const code = await textedCode('+14155550181');
      // The stranger holds no code: the owner's code proves nothing for them, and is not spent.
      const foreign = await call('/api/auth/attributes/confirm', {
        body: { attribute: 'phone_number', code },
        token: stranger,
      });
      expect([foreign.status, foreign.body.code]).toEqual([400, 'AUTH_CODE_EXPIRED']);
      const strangerSms = await call('/api/auth/mfa/sms', { body: {}, token: stranger });
      expect([strangerSms.status, strangerSms.body.code]).toEqual([409, 'MFA_PHONE_NOT_VERIFIED']);
      const confirmed = await call('/api/auth/attributes/confirm', {
        body: { attribute: 'phone_number', code },
        token: owner,
      });
      expect([confirmed.status, confirmed.body]).toEqual([200, { verified: true }]);
      const started = await call('/api/auth/mfa/sms', { body: {}, token: owner });
      expect([started.status, started.body.codeDelivery]).toEqual([
        200,
        { medium: 'SMS', destination: '***0181' },
      ]);
      const on = await call('/api/auth/mfa/sms/confirm', {
        body: { code: await textedCode('+14155550181') },
        token: owner,
      });
      expect([on.status, on.body.enabled, on.body.smsDestination]).toEqual([200, ['SMS'], '***0181']);
      expect((await call('/api/auth/mfa', { token: stranger })).body.enabled).toEqual([]);
    });

    it('refuses the SMS routes without a token (401), to a guest (403), and bad bodies (400), storing nothing', async () => {
      for (const route of ['/api/auth/mfa/sms', '/api/auth/mfa/sms/confirm', '/api/auth/mfa/sms/code'])
        expect((await call(route, { body: {} })).status).toBe(401);
      const guest = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
      const guestAnswer = await call('/api/auth/mfa/sms', { body: {}, token: guest });
      expect([guestAnswer.status, guestAnswer.body.code]).toEqual([403, 'FORBIDDEN']);
      const token = await accountWithPhone('+14155550183');
      const codes = await count('identity.verification_codes');
      for (const [route, body] of [
        ['/api/auth/mfa/sms', { phone: '+14155550199' }],
        ['/api/auth/mfa/sms/confirm', { code: '' }],
        ['/api/auth/mfa/sms/confirm', { code: 123456 }],
        ['/api/auth/mfa/sms/code', { code: '123456' }],
        ['/api/auth/mfa/disable', { method: 'VOICE', code: '123456' }],
        ['/api/auth/attributes/confirm', { attribute: 'phone_number' }],
      ] as const) {
        const answer = await call(route, { body, token });
        expect([route, answer.status, answer.body.code]).toEqual([route, 400, 'VALIDATION_FAILED']);
      }
      expect(await count('identity.verification_codes')).toBe(codes);
      const badNumber = await call('/api/auth/sign-up', {
        body: {
          email: `bad.${randomUUID().slice(0, 8)}@example.com`,
          password: PASSWORD,
          attributes: { phone_number: '+1555' },
        },
      });
      expect([badNumber.status, badNumber.body.code]).toEqual([400, 'AUTH_INVALID_PHONE_NUMBER']);
    });
  });

  it('auto sign-in: the signing-up browser is signed in (cookie set) once another device confirms the account', async () => {
    const email = `auto.${randomUUID().slice(0, 8)}@example.com`;
    const from = newAddress();
    const started = await call('/api/auth/sign-up', { body: { email, password: PASSWORD }, from });
    const poll = () =>
      call('/api/auth/sign-up/auto-sign-in', { body: { email, challenge: started.body.challenge }, from });
    const waiting = await poll();
    expect([waiting.status, waiting.body]).toEqual([200, { confirmed: false }]);
    expect(waiting.cookie).toBeUndefined();
    // Another device confirms with the mailed code, without this browser's challenge.
    const code = await smtp.waitFor(email, /Your code is (\d{6})/);
    expect((await call('/api/auth/sign-up/confirm', { body: { email, code } })).body.nextStep).toEqual({
      step: 'signIn',
    });
    const signedIn = await poll();
    expect(signedIn.body).toMatchObject({ confirmed: true, nextStep: { step: 'done' } });
    expect(signedIn.body.session.refreshToken).toBeUndefined();
    expect(signedIn.cookie).toEqual(expect.any(String));
    const again = await poll();
    expect([again.status, again.body.code]).toEqual([409, 'AUTH_AUTO_SIGN_IN_INACTIVE']);
  });

  it('serves the providers and the password minimum, and keeps the development outbox to this machine', async () => {
    expect((await call('/api/auth/providers')).body).toEqual({
      oauth: [],
      passkeys: false,
      sms: true,
      passwordMinLength: 8,
    });
    const remote = await call('/api/dev/outbox');
    expect([remote.status, remote.body.code]).toEqual([404, 'NOT_FOUND']);
    const local = await call('/api/dev/outbox', { from: '127.0.0.1' });
    // With SMTP_URL set, every email went out: the outbox holds only texts (no SMS_PROVIDER).
    expect(local.status).toBe(200);
    expect(
      (local.body.messages as { channel: string }[]).filter((message) => message.channel !== 'sms'),
    ).toEqual([]);
  });
});
