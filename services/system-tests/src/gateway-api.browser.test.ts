import { type InProcessServices, type TestDatabase, itWhenAvailable } from '@backtalk/testing';
import { startPlatformInProcess } from './in-process-platform';
import { createSystemTestDatabase } from './service-databases';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { answerAgeQuestion, chromiumProblem, launchChromium } from './chromium';
import { repoRoot } from './processes';
import { startGateway, type StartedGateway } from '@backtalk/gateway';

jest.setTimeout(90_000);

const model = path.resolve(repoRoot, '../shared/models/stories260K.gguf');

describe('gateway HTTP API over the real services', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let url: string;
  let featuredId: string;

  const json = async (route: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(`${url}${route}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text.startsWith('{') ? JSON.parse(text) : undefined,
    };
  };
  /** The `bt_refresh` cookie a response sets, as a `cookie` header value. */
  const refreshCookie = (headers: Headers) => /bt_refresh=[^;]+/.exec(headers.get('set-cookie') ?? '')?.[0];
  const guest = async (): Promise<{ userId: string; accessToken: string; cookie: string }> => {
    const { body, headers } = await json('/api/auth/guest', { method: 'POST', body: '{}' });
    const cookie = refreshCookie(headers);
    if (!cookie) throw new Error('the guest route set no bt_refresh cookie');
    return { userId: body.userId, accessToken: body.tokens.accessToken, cookie };
  };

  beforeAll(async () => {
    database = await createSystemTestDatabase('gateway');
    const env = {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      LLM_MODEL: model,
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      LLM_PRELOAD: 'false',
      FREE_TIER_MESSAGES: '1',
    };
    ({ services, gateway } = await startPlatformInProcess(env, {
      // The browser below comes "through the proxy" as a client of its own: this file's other
      // tests create more guests from 127.0.0.1 than GUEST_CREATIONS_PER_MINUTE allows one address.
      TRUSTED_PROXIES: '127.0.0.1',
    }));
    url = gateway.url;
    featuredId = (await json('/api/creators/featured')).body.id;
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
  });

  describe('authentication', () => {
    it('creates a guest whose access token opens a guest session', async () => {
      const { userId, accessToken } = await guest();
      const session = await json('/api/auth/session', { token: accessToken });
      expect(session.body).toEqual({
        userId,
        userType: 'guest',
        groups: [],
        email: null,
        emailVerified: false,
        isCreator: false,
        // Not asked yet (docs/safety.md, "Age").
        ageBand: null,
      });
    });

    it('creates a guest for a request without a body, which the document marks optional', async () => {
      const response = await fetch(`${url}/api/auth/guest`, { method: 'POST' });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { tokens: { accessToken: unknown } }).tokens.accessToken).toEqual(
        expect.any(String),
      );
    });

    it('answers 401 without a token, with a forged token, and with a refresh token used as an access token', async () => {
      const { accessToken, cookie } = await guest();
      const refreshToken = cookie.slice('bt_refresh='.length);
      expect((await json('/api/auth/session')).status).toBe(401);
      const [header, payload] = accessToken.split('.');
      expect((await json('/api/auth/session', { token: `${header}.${payload}.AAAA` })).status).toBe(401);
      expect((await json('/api/auth/session', { token: refreshToken })).status).toBe(401);
      // The signature's first character carries real bits (its last one may be padding only).
      const [, , signature] = accessToken.split('.');
      const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
      expect((await json('/api/auth/session', { token: `${header}.${payload}.${flipped}` })).status).toBe(
        401,
      );
      // A payload claiming another user, with the original signature.
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(
        JSON.stringify({ ...claims, sub: randomUUID(), groups: ['admin'] }),
      ).toString('base64url');
      expect((await json('/api/auth/session', { token: `${header}.${forged}.${signature}` })).status).toBe(
        401,
      );
    });

    it('rotates the refresh cookie, and a reused one is refused with 401 TOKEN_REUSED', async () => {
      const { cookie } = await guest();
      const refresh = (value: string) =>
        json('/api/auth/refresh', { method: 'POST', headers: { cookie: value, 'x-backtalk-csrf': '1' } });
      const first = await refresh(cookie);
      expect(first.status).toBe(200);
      // The body holds no refresh token; the successor is only in the cookie.
      expect(Object.keys(first.body.tokens).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
      const successor = refreshCookie(first.headers);
      expect(successor).toBeDefined();
      expect(successor).not.toBe(cookie);
      // Its successor used in turn: the first token presented again is reuse, and ends the session.
      expect((await refresh(successor!)).status).toBe(200);
      const reused = await refresh(cookie);
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('TOKEN_REUSED');
    });

    it('takes no refresh token from a body: the guest reply has none, and refresh and sign-out refuse one', async () => {
      // A client of its own behind the trusted proxy, as in the test below.
      const created = await json('/api/auth/guest', {
        method: 'POST',
        body: '{}',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(Object.keys(created.body.tokens).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
      const token = refreshCookie(created.headers)!.slice('bt_refresh='.length);
      for (const route of ['/api/auth/refresh', '/api/auth/sign-out']) {
        const response = await json(route, {
          method: 'POST',
          body: JSON.stringify({ refreshToken: token }),
          headers: { 'x-backtalk-csrf': '1' },
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      }
      // Nothing was revoked: the cookie still refreshes.
      const refreshed = await json('/api/auth/refresh', {
        method: 'POST',
        headers: { cookie: `bt_refresh=${token}`, 'x-backtalk-csrf': '1' },
      });
      expect(refreshed.status).toBe(200);
    });

    it('refreshes from the cookie only with the CSRF header', async () => {
      expect((await json('/api/auth/refresh', { method: 'POST', body: '{}' })).body.code).toBe(
        'CSRF_REJECTED',
      );
      const noCookie = await json('/api/auth/refresh', {
        method: 'POST',
        body: '{}',
        headers: { 'x-backtalk-csrf': '1' },
      });
      expect(noCookie.status).toBe(401);
      expect(noCookie.body.code).toBe('TOKEN_INVALID');
    });

    it('refreshes and signs out by cookie with no body at all, as a browser sends them', async () => {
      // A client of its own behind the trusted proxy: this file's guests use up 127.0.0.1's
      // GUEST_CREATIONS_PER_MINUTE.
      const client = { 'x-forwarded-for': '198.51.100.8' };
      const created = await fetch(`${url}/api/auth/guest`, { method: 'POST', headers: client });
      const cookie = /bt_refresh=[^;]+/.exec(created.headers.get('set-cookie') ?? '')?.[0];
      expect(cookie).toBeDefined();
      const headers = { ...client, cookie: cookie!, 'x-backtalk-csrf': '1' };
      const refreshed = await fetch(`${url}/api/auth/refresh`, { method: 'POST', headers });
      expect(refreshed.status).toBe(200);
      const rotated = /bt_refresh=[^;]+/.exec(refreshed.headers.get('set-cookie') ?? '')?.[0];
      const signedOut = await fetch(`${url}/api/auth/sign-out`, {
        method: 'POST',
        headers: { ...headers, cookie: rotated ?? cookie! },
      });
      expect(signedOut.status).toBe(200);
      expect(await signedOut.json()).toEqual({ endSessionUrl: null });
    });

    it.each([
      ['/api/auth/guest', '{"creatorId": 7}'],
      ['/api/auth/guest', '{"creatorId": "x", "admin": true}'],
      ['/api/auth/refresh', '{"refreshToken": 7}'],
      ['/api/auth/refresh', 'not json'],
      ['/api/auth/guest', '{"creatorId": "a\\u0000"}'],
      ['/api/auth/refresh', `{"refreshToken": "${'a'.repeat(20)}\\u0000"}`],
    ])('refuses a bad body on %s with a clear 400', async (route, body) => {
      const response = await json(route, { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message.length).toBeGreaterThan(5);
    });
  });

  describe('creators', () => {
    it('serves public creator profiles and posts, newest first, without transcripts', async () => {
      const creator = await json('/api/creators/by-handle/@Demo.Creator');
      expect(creator.status).toBe(200);
      expect(creator.body.tiktokURL).toBe('https://www.tiktok.com/@demo.creator');
      const posts = await json(`/api/creators/${creator.body.id}/posts`);
      expect(posts.body.posts.length).toBeGreaterThanOrEqual(30);
      expect(posts.body.posts[0]).not.toHaveProperty('transcript');
      const list = await json('/api/creators?demoAccount=true');
      expect(list.body.creators.length).toBeGreaterThanOrEqual(3);
    });

    it.each([
      ['/api/creators/by-handle/bad$handle', 400],
      ['/api/creators/by-handle/nobody.here', 404],
      ['/api/creators/not-a-uuid', 400],
      [`/api/creators/${randomUUID()}`, 404],
      ['/api/creators?demoAccount=maybe', 400],
      ['/api/creators?sort=name', 400],
    ])('%s answers %i with a {code, message} body', async (route, status) => {
      const response = await json(route);
      expect(response.status).toBe(status);
      expect(response.body).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    });
  });

  describe('chat', () => {
    it('keeps a fan’s conversation private from another fan', async () => {
      const owner = await guest();
      const intruder = await guest();
      const conversation = await json('/api/conversations', {
        method: 'POST',
        token: owner.accessToken,
        body: JSON.stringify({ creatorId: featuredId }),
      });
      expect(conversation.status).toBe(201);
      const read = await json(`/api/conversations/${conversation.body.id}/messages`, {
        token: intruder.accessToken,
      });
      expect(read.status).toBe(404);
      const write = await json(`/api/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        token: intruder.accessToken,
        body: JSON.stringify({ content: [{ text: 'hi' }] }),
      });
      expect(write.status).toBe(404);
      expect(
        (await json(`/api/conversations/${conversation.body.id}/messages`, { token: owner.accessToken })).body
          .messages,
      ).toEqual([]);
    });

    it('streams Server-Sent Events, then answers the next send over the limit with 429 and the time', async () => {
      const fan = await guest();
      const conversation = await json('/api/conversations', {
        method: 'POST',
        token: fan.accessToken,
        body: JSON.stringify({ creatorId: featuredId }),
      });
      const send = () =>
        json(`/api/conversations/${conversation.body.id}/messages`, {
          method: 'POST',
          token: fan.accessToken,
          body: JSON.stringify({
            content: [{ text: 'Once upon a time' }],
            aiContext: { uiContextId: 'chat' },
          }),
        });
      const streamed = await send();
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // The stream carries the same security headers as every other response.
      expect(streamed.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(streamed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(streamed.headers.get('x-frame-options')).toBe('DENY');
      const events = streamed.text.split('\n\n').filter(Boolean);
      expect(events[0]).toMatch(/^event: fragment\nid: [0-9a-f-]{36}#0\ndata: \{/);
      expect(events.at(-1)).toMatch(/"stopReason":"(end_turn|max_tokens)"/);

      // 7.8: the list pages with an opaque cursor, newest page first, oldest first within it.
      const messagesUrl = `/api/conversations/${conversation.body.id}/messages`;
      const newest = await json(`${messagesUrl}?limit=1`, { token: fan.accessToken });
      expect(newest.status).toBe(200);
      expect(newest.body.messages.map((message: { role: string }) => message.role)).toEqual(['assistant']);
      expect(newest.body.nextCursor).toEqual(expect.any(String));
      const older = await json(
        `${messagesUrl}?limit=1&before=${encodeURIComponent(newest.body.nextCursor)}`,
        {
          token: fan.accessToken,
        },
      );
      expect(older.body).toMatchObject({ messages: [{ role: 'user' }], nextCursor: null });
      for (const query of ['before=nonsense', `before=${'x'.repeat(201)}`, 'limit=0', 'limit=101']) {
        const refused = await json(`${messagesUrl}?${query}`, { token: fan.accessToken });
        expect([query, refused.status, refused.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
      }

      const limited = await send();
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(new Date(limited.body.nextAvailableTime).getTime()).toBeGreaterThan(Date.now());
      const check = await json('/api/chat/rate-limit', {
        method: 'POST',
        token: fan.accessToken,
        body: JSON.stringify({ creatorId: featuredId, message: '' }),
      });
      expect(check.body).toEqual({
        canSendMessage: false,
        nextAvailableTime: limited.body.nextAvailableTime,
      });
    });

    // One fan for both tests: guest creation is throttled per address.
    it('refuses text it cannot store with 400, stores nothing and spends no allowance; pages with ?before=&limit=', async () => {
      const fan = await guest();
      const conversation = await json('/api/conversations', {
        method: 'POST',
        token: fan.accessToken,
        body: JSON.stringify({ creatorId: featuredId }),
      });
      const route = `/api/conversations/${conversation.body.id}/messages`;
      const refusedBodies = [
        { content: [{ text: 'a\u0000' }] },
        { content: [{ text: 'a\ud800' }] },
        { content: [{ text: 'hi' }], aiContext: { uiContextId: 'chat\u0000' } },
        { content: Array.from({ length: 9 }, () => ({ text: 'hi' })) },
      ];
      for (const body of refusedBodies) {
        // Three times: each refused send used to spend one message of the free tier.
        for (let attempt = 0; attempt < 3; attempt++) {
          const refused = await json(route, {
            method: 'POST',
            token: fan.accessToken,
            body: JSON.stringify(body),
          });
          expect([body, refused.status, refused.body.code]).toEqual([body, 400, 'VALIDATION_FAILED']);
        }
      }
      const check = await json('/api/chat/rate-limit', {
        method: 'POST',
        token: fan.accessToken,
        body: JSON.stringify({ creatorId: featuredId, message: 'a\u0000' }),
      });
      expect(check.status).toBe(400);
      const status = await json('/api/chat/rate-limit', {
        method: 'POST',
        token: fan.accessToken,
        body: JSON.stringify({ creatorId: featuredId, message: '' }),
      });
      expect(status.body).toEqual({ canSendMessage: true, nextAvailableTime: null });

      const page = await json(`${route}?limit=10`, { token: fan.accessToken });
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ messages: [], nextCursor: null });
      for (const query of ['limit=0', 'limit=101', 'limit=ten', `before=${'x'.repeat(201)}`, 'after=1']) {
        const refused = await json(`${route}?${query}`, { token: fan.accessToken });
        expect([query, refused.status, refused.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
      }
    });

    it.each([
      ['POST', '/api/conversations', { creatorId: 'nope' }, 400],
      ['POST', '/api/conversations', { creatorId: '00000000-0000-4000-8000-000000000000' }, 404],
      ['GET', '/api/conversations/not-a-uuid/messages', undefined, 400],
      ['POST', `/api/conversations/${randomUUID()}/messages`, { content: [{ text: '   ' }] }, 400],
      ['POST', `/api/conversations/${randomUUID()}/messages`, { content: [] }, 400],
      [
        'POST',
        `/api/conversations/${randomUUID()}/messages`,
        { content: [{ text: 'hi' }], aiContext: { evil: 1 } },
        400,
      ],
      ['POST', `/api/conversations/${randomUUID()}/messages`, { content: [{ text: 'hi' }] }, 404],
      ['POST', '/api/chat/rate-limit', { creatorId: 'x', message: '' }, 400],
      ['POST', '/api/chat/rate-limit', { creatorId: randomUUID(), message: 'x'.repeat(4001) }, 400],
    ])('%s %s with %j answers %i and changes nothing', async (method, route, body, status) => {
      const fan = await guest();
      const response = await json(route, {
        method,
        token: fan.accessToken,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status).toBe(status);
      expect(response.body).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    });
  });

  it('throttles guest creation per address with a 429, while other routes still answer', async () => {
    const strict = await startGateway({
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      GUEST_CREATIONS_PER_MINUTE: '2',
    });
    try {
      const create = () =>
        fetch(`${strict.url}/api/auth/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      expect((await create()).status).toBe(201);
      expect((await create()).status).toBe(201);
      const third = await create();
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await fetch(`${strict.url}/api/creators/featured`)).status).toBe(200);
    } finally {
      await strict.app.close();
    }
  });

  it('keeps probes and metrics open without a token on the internal port only', async () => {
    expect((await fetch(`${gateway.internalUrl}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    await fetch(`${url}/api/auth/session`);
    const metrics = await (await fetch(`${gateway.internalUrl}/metrics`)).text();
    // Requests a guard turned away are counted too, labelled by route pattern.
    expect(metrics).toMatch(
      /backtalk_http_requests_total\{[^}]*route="\/api\/auth\/session"[^}]*status="401"[^}]*\} [1-9]/,
    );
  });

  itWhenAvailable(
    'Chromium',
    chromiumProblem(),
    'runs the built web app under its Content-Security-Policy without a violation',
    async () => {
      expect(gateway.servesWebApp).toBe(true);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.7' } });
        const violations: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
        });
        // Runs in the page (a string: this project's types have no DOM).
        await page.addInitScript(
          "document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load: ' + e.violatedDirective + ' ' + e.blockedURI));",
        );
        const landing = await page.goto(url);
        expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
        // Each response has its own style nonce, in the CSP and in the page.
        const nonces = await Promise.all(
          [1, 2].map(async () => {
            const answer = await fetch(`${url}/some/client/route`);
            const policy = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(
              answer.headers.get('content-security-policy') ?? '',
            )?.[1];
            expect(await answer.text()).toContain(`<meta property="csp-nonce" nonce="${policy}">`);
            return policy;
          }),
        );
        expect(nonces[0]).not.toEqual(nonces[1]);
        await page.waitForLoadState('networkidle');
        await page.goto(`${url}/@demo.creator`);
        await answerAgeQuestion(page);
        await page.getByRole('log', { name: /Conversation with/ }).waitFor();
        const box = page.getByRole('textbox', { name: 'Message' });
        await box.fill('Once upon a time');
        await box.press('Enter');
        await page.locator('[data-testid="chat-message"][data-role="assistant"]').first().waitFor();
        // FREE_TIER_MESSAGES is 1: the next send (queued while the reply streams) opens the limit
        // dialog, and its scroll lock (a style element added at run time) is allowed by this page's nonce.
        await box.fill('And then?');
        await box.press('Enter');
        await page.getByRole('dialog', { name: 'Message limit reached' }).waitFor();
        expect(await page.evaluate("document.body.hasAttribute('data-scroll-locked')")).toBe(true);
        expect(await page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
        await page.waitForLoadState('networkidle');
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
