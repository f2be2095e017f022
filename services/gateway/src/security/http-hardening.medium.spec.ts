import { itWhenAvailable, redisProblem, testRedisUrl } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startGateway, type StartedGateway } from '../gateway.bootstrap';

jest.setTimeout(60_000);

/** A built web app in miniature: index.html plus one hashed asset. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Backtalk</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log("app")');
  return dir;
}

const started: StartedGateway[] = [];
async function gateway(env: Record<string, string> = {}): Promise<StartedGateway> {
  const instance = await startGateway({
    BACKTALK_MODE: 'standalone',
    LOG_LEVEL: process.env.GW_LOG ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDist(),
    ...env,
  });
  started.push(instance);
  return instance;
}
afterAll(async () => {
  await Promise.all(started.map((instance) => instance.app.close()));
});

describe('bad HTTP input gets a clear 4xx, never a 500', () => {
  let url: string;
  beforeAll(async () => {
    url = (await gateway()).url;
  });
  const post = (headers: Record<string, string>, body: string | Buffer) =>
    fetch(`${url}/api/auth/refresh`, { method: 'POST', headers, body });

  it.each([200 * 1024, 1024 * 1024, 10 * 1024 * 1024])('answers 413 to a %i-byte JSON body', async (size) => {
    const response = await post(
      { 'content-type': 'application/json' },
      JSON.stringify({ refreshToken: 'x'.repeat(size) }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/smaller/),
    });
  });

  it.each([
    [
      { 'content-type': 'application/json; charset=latin1' },
      '{"refreshToken":"x"}',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      '{}',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      '{"not":"gzip"}',
      400,
      'VALIDATION_FAILED',
    ],
    [{ 'content-type': 'application/json' }, '{"refreshToken": ', 400, 'VALIDATION_FAILED'],
    // Found by the bad-input suite (docs/security.md §7.9): bodies the API does not read as JSON.
    [
      { 'content-type': 'application/x-www-form-urlencoded' },
      'refreshToken=xxxxxxxxxxxxxxxxxxxx',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      { 'content-type': 'text/plain' },
      '{"refreshToken":"xxxxxxxxxxxxxxxxxxxx"}',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      { 'content-type': 'application/json;;;' },
      '{"refreshToken":"xxxxxxxxxxxxxxxxxxxx"}',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ])('answers %j with %s → %i', async (headers, body, status, code) => {
    const response = await post(headers, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ code, message: expect.any(String) });
  });

  it('answers 404 for a missing hashed asset', async () => {
    const response = await fetch(`${url}/assets/nope.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('HEAD is answered like GET', () => {
  it.each(['/', '/@demo.creator', '/assets/index-abc123.js'])('HEAD %s', async (route) => {
    const { url } = await gateway();
    const get = await fetch(`${url}${route}`);
    const head = await fetch(`${url}${route}`, { method: 'HEAD' });
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });
});

describe('security headers', () => {
  it.each(['/', '/@demo.creator', '/assets/index-abc123.js', '/api/auth/session', '/api/nope'])(
    '%s carries CSP, frame, nosniff and referrer headers',
    async (route) => {
      const { url } = await gateway();
      const response = await fetch(`${url}${route}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it('gives a page a fresh style nonce and the API the same policy without one', async () => {
    const { url } = await gateway();
    const nonce = async (route: string) =>
      /'nonce-([^']+)'/.exec(
        (await fetch(`${url}${route}`)).headers.get('content-security-policy') ?? '',
      )?.[1];
    const pages = [await nonce('/'), await nonce('/@demo.creator')];
    expect(pages[0]).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(pages[1]).not.toEqual(pages[0]);
    expect(await nonce('/api/auth/session')).toBeUndefined();
    expect(await nonce('/api/nope')).toBeUndefined();
  });

  it('marks auth responses no-store', async () => {
    const { url } = await gateway();
    const response = await fetch(`${url}/api/auth/session`);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('client address and throttles', () => {
  const session = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/session`, { headers }).then((response) => response.status);

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const { url } = await gateway({ THROTTLE_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await session(url, { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    const { url } = await gateway({ THROTTLE_PER_MINUTE: '3', TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await session(url, { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (let i = 0; i < 3; i++) await session(url, { 'x-forwarded-for': '198.51.100.7' });
    expect(await session(url, { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or CIDR', async () => {
    await expect(gateway({ TRUSTED_PROXIES: 'everyone' })).rejects.toThrow(/TRUSTED_PROXIES/);
  });

  it('counts every API route of one address together, with Retry-After', async () => {
    const { url } = await gateway({ THROTTLE_PER_MINUTE: '3' });
    expect(await session(url)).toBe(401);
    expect((await fetch(`${url}/api/nope`)).status).toBe(404);
    expect((await fetch(`${url}/api/conversations/x/messages`)).status).toBe(401);
    const limited = await fetch(`${url}/api/auth/session`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      nextAvailableTime: expect.any(String),
    });
    // The web app itself is not API traffic.
    expect((await fetch(`${url}/`)).status).toBe(200);
  });

  itWhenAvailable(
    'Redis',
    redisProblem(),
    'shares the count between gateway replicas through Redis',
    async () => {
      const shared = {
        THROTTLE_PER_MINUTE: '4',
        REDIS_URL: testRedisUrl(),
        THROTTLE_KEY_PREFIX: `test:${randomUUID()}`,
      };
      const [first, second] = [await gateway(shared), await gateway(shared)];
      expect(await session(first!.url)).toBe(401);
      expect(await session(second!.url)).toBe(401);
      expect(await session(first!.url)).toBe(401);
      expect(await session(second!.url)).toBe(401);
      expect(await session(first!.url)).toBe(429);
      expect(await session(second!.url)).toBe(429);
    },
  );
});

describe('internal routes', () => {
  it('serves probes and metrics on HTTP_PORT only', async () => {
    const { url, internalUrl } = await gateway();
    for (const route of ['/metrics', '/health/live', '/health/ready']) {
      expect((await fetch(`${url}${route}`)).status).toBe(404);
    }
    expect((await fetch(`${internalUrl}/health/live`)).status).toBe(200);
    const metrics = await fetch(`${internalUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('backtalk_http_requests_total');
    expect((await fetch(`${internalUrl}/`)).status).toBe(404);
    expect((await fetch(`${internalUrl}/api/auth/session`)).status).toBe(404);
  });
});

describe('device cookie', () => {
  it('gives a new browser a long-lived HttpOnly device id once', async () => {
    const { url } = await gateway();
    const first = await fetch(`${url}/`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^bt_device=[\w-]{36}; Max-Age=\d{8}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const again = await fetch(`${url}/`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('marks it Secure when a trusted proxy says the request was HTTPS', async () => {
    const { url } = await gateway({ TRUSTED_PROXIES: '127.0.0.1' });
    const response = await fetch(`${url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

describe('ports', () => {
  it('refuses to start when the internal port is taken, and frees the public one', async () => {
    const first = await gateway();
    const internalPort = new URL(first.internalUrl).port;
    await expect(gateway({ HTTP_PORT: internalPort })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
