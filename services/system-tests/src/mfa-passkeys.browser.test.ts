import { describeWhenAvailable } from '@backtalk/testing';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { addVirtualAuthenticator, chromiumProblem, launchChromium } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';
import { repoRoot } from './processes';
import { connectToStandaloneDatabase } from './service-databases';

/**
 * MFA and passkeys through the real product: `npm start` (standalone, embedded PostgreSQL, the
 * development outbox), its HTTP API from here, and Chromium with a CDP virtual authenticator
 * (ctap2, internal, resident keys, user verification) on the app's own origin. The page runs
 * @simplewebauthn/browser, the library the web app's passkey buttons use.
 */
const PASSWORD = 'Correct-Horse-9';
const SIMPLEWEBAUTHN_BROWSER = path.join(
  repoRoot,
  'node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js',
);

let app: StandaloneApp;
let port: number;
/**
 * The API on the loopback IP address, where passkeys are unavailable (they need the page on a
 * domain: `origin`, `http://localhost:<port>`, which the start-up line prints).
 */
let api: string;
let origin: string;

beforeAll(async () => {
  app = await startStandaloneApp('mfa-passkeys');
  ({ port, origin } = app);
  api = `http://127.0.0.1:${port}`;
}, 150_000);

afterAll(() => app?.stop());

// JSON as the page and the API answer it; the assertions check its shape.
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Answer {
  status: number;
  body: Json;
  /** The refresh cookie this answer set, if it set one (other cookies, such as bt_device, aside). */
  refreshCookie: string | null;
}

async function call(
  method: string,
  route: string,
  body?: unknown,
  token?: string,
  base = api,
): Promise<Answer> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : {},
    refreshCookie: response.headers.getSetCookie().find((cookie) => cookie.startsWith('bt_refresh=')) ?? null,
  };
}

let accounts = 0;
/** Signs up and confirms through the HTTP API, reading the code from the development outbox. */
async function newAccount(): Promise<{ email: string; accessToken: string }> {
  const email = `fan${++accounts}.${port}@example.com`;
  const signUp = await call('POST', '/api/auth/sign-up', { email, password: PASSWORD });
  expect(signUp.status).toBe(200);
  const confirmed = await call('POST', '/api/auth/sign-up/confirm', {
    email,
    code: await outboxCode(email),
    challenge: signUp.body.challenge,
  });
  expect(confirmed.body.nextStep).toEqual({ step: 'done' });
  return { email, accessToken: confirmed.body.session.accessToken };
}

async function outboxCode(to: string): Promise<string> {
  const { body } = await call('GET', '/api/dev/outbox?limit=100');
  const message = (body.messages as { to: string; text: string }[]).find((candidate) => candidate.to === to);
  const code = /Your code is (\d{6})/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code;
}

const totpAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe('MFA over HTTP (standalone)', () => {
  it('turns TOTP on from the account, then signs in: password → confirmSignIn TOTP → done with the refresh cookie', async () => {
    const { email, accessToken } = await newAccount();
    const setup = await call('POST', '/api/auth/mfa/totp', {}, accessToken);
    expect(setup.status).toBe(200);
    expect(setup.body.nextStep).toMatchObject({
      step: 'setupTotp',
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\/Backtalk:/),
    });
    const secret = setup.body.nextStep.secret as string;
    const on = await call('POST', '/api/auth/mfa/totp/confirm', { code: await totpAt(secret) }, accessToken);
    expect(on.body).toEqual({
      enabled: ['TOTP'],
      available: ['TOTP', 'EMAIL'],
      emailDestination: null,
      smsDestination: null,
      required: false,
    });

    const first = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      nextStep: { step: 'confirmSignIn', method: 'TOTP' },
      challenge: expect.any(String),
    });
    expect(first.refreshCookie).toBeNull();
    const replayed = await call('POST', '/api/auth/sign-in/respond', {
      challenge: first.body.challenge,
      answer: { kind: 'code', code: await totpAt(secret) },
    });
    expect(replayed).toMatchObject({
      status: 400,
      body: { code: 'AUTH_CODE_MISMATCH', message: 'Invalid verification code provided, please try again.' },
      refreshCookie: null,
    });
    const done = await call('POST', '/api/auth/sign-in/respond', {
      challenge: first.body.challenge,
      answer: { kind: 'code', code: await totpAt(secret, 30) },
    });
    expect(done.status).toBe(200);
    expect(done.body.nextStep).toEqual({ step: 'done' });
    expect(done.body.session.refreshToken).toBeUndefined();
    expect(done.refreshCookie).toMatch(/^bt_refresh=[\w-]+;.*Path=\/api\/auth;.*HttpOnly;.*SameSite=Strict/);
  });

  it('answers an email-MFA sign-in with the code from the outbox', async () => {
    const { email, accessToken } = await newAccount();
    expect((await call('POST', '/api/auth/mfa/email', {}, accessToken)).body.codeDelivery).toEqual({
      medium: 'EMAIL',
      destination: expect.stringContaining('***'),
    });
    const on = await call(
      'POST',
      '/api/auth/mfa/email/confirm',
      { code: await outboxCode(email) },
      accessToken,
    );
    expect(on.body.enabled).toEqual(['EMAIL']);
    const first = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
    expect(first.body.nextStep).toMatchObject({
      step: 'confirmSignIn',
      method: 'EMAIL',
      codeDelivery: { medium: 'EMAIL' },
    });
    const done = await call('POST', '/api/auth/sign-in/respond', {
      challenge: first.body.challenge,
      answer: { kind: 'code', code: await outboxCode(email) },
    });
    expect(done.body.nextStep).toEqual({ step: 'done' });
  });

  it('refuses bad input on every new route with a clear 4xx { code, message } and stores nothing', async () => {
    const { accessToken } = await newAccount();
    const guest = (await call('POST', '/api/auth/guest', {})).body.tokens.accessToken as string;
    const db = await connectToStandaloneDatabase(app.dataDir);
    const tables = [
      'mfa_settings',
      'passkeys',
      'passkey_challenges',
      'sign_in_challenges',
      'verification_codes',
      'sessions',
    ];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (
              await db.query(
                `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS sum FROM identity.${table} t`,
              )
            ).rows[0].sum,
          ]),
        ),
      );
    const before = await snapshot();
    const cases: [string, string, unknown, string | undefined, number, string, string?][] = [
      ['GET', '/api/auth/mfa', undefined, undefined, 401, 'UNAUTHORIZED'],
      ['GET', '/api/auth/mfa', undefined, guest, 403, 'FORBIDDEN'],
      ['POST', '/api/auth/mfa/totp', { admin: true }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/totp', {}, guest, 403, 'FORBIDDEN'],
      ['POST', '/api/auth/mfa/totp/confirm', { code: 123456 }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/totp/confirm', {}, accessToken, 400, 'VALIDATION_FAILED'],
      [
        'POST',
        '/api/auth/mfa/totp/confirm',
        { code: '123456', actor: { userId: 'x' } },
        accessToken,
        400,
        'VALIDATION_FAILED',
      ],
      ['POST', '/api/auth/mfa/totp/confirm', { code: '123456' }, accessToken, 409, 'MFA_NOT_SET_UP'],
      ['POST', '/api/auth/mfa/email', { email: 'not-an-email' }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/email/confirm', { code: '' }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/email/code', { to: 'me@example.com' }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/email/code', {}, accessToken, 409, 'MFA_NOT_SET_UP'],
      [
        'POST',
        '/api/auth/mfa/disable',
        { method: 'VOICE', code: '123456' },
        accessToken,
        400,
        'VALIDATION_FAILED',
      ],
      ['POST', '/api/auth/mfa/sms', { to: '+14155550100' }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/sms', {}, accessToken, 409, 'MFA_PHONE_NOT_VERIFIED'],
      ['POST', '/api/auth/mfa/sms/confirm', { code: '' }, accessToken, 400, 'VALIDATION_FAILED'],
      ['POST', '/api/auth/mfa/sms/code', {}, accessToken, 409, 'MFA_NOT_SET_UP'],
      [
        'POST',
        '/api/auth/mfa/disable',
        { method: 'TOTP', code: '123456' },
        accessToken,
        409,
        'MFA_NOT_SET_UP',
      ],
      ['POST', '/api/auth/passkeys/registration/options', {}, undefined, 401, 'UNAUTHORIZED'],
      ['POST', '/api/auth/passkeys/registration/options', {}, guest, 403, 'FORBIDDEN', origin],
      [
        'POST',
        '/api/auth/passkeys/registration/options',
        { loopbackOrigin: 'http://localhost:1' },
        accessToken,
        400,
        'VALIDATION_FAILED',
        origin,
      ],
      [
        'POST',
        '/api/auth/passkeys/registration/verify',
        { response: {} },
        accessToken,
        400,
        'VALIDATION_FAILED',
        origin,
      ],
      [
        'POST',
        '/api/auth/passkeys/authentication/options',
        { rpId: 'evil.test' },
        undefined,
        400,
        'VALIDATION_FAILED',
        origin,
      ],
      ['POST', '/api/auth/passkeys/authentication/options', {}, undefined, 400, 'PASSKEYS_UNAVAILABLE'],
      [
        'POST',
        '/api/auth/passkeys/authentication/verify',
        { response: 'x' },
        undefined,
        400,
        'VALIDATION_FAILED',
        origin,
      ],
      [
        'POST',
        '/api/auth/passkeys/authentication/verify',
        { response: {}, guestUserId: '00000000-0000-4000-8000-000000000000' },
        undefined,
        400,
        'VALIDATION_FAILED',
        origin,
      ],
      ['GET', '/api/auth/passkeys', undefined, undefined, 401, 'UNAUTHORIZED'],
      ['DELETE', '/api/auth/passkeys/not-a-uuid', undefined, accessToken, 400, 'VALIDATION_FAILED'],
      [
        'DELETE',
        '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
        undefined,
        accessToken,
        404,
        'NOT_FOUND',
      ],
    ];
    try {
      for (const [method, route, body, token, status, code, base] of cases) {
        const answer = await call(method, route, body, token, base);
        expect({ method, route, status: answer.status, code: answer.body.code }).toEqual({
          method,
          route,
          status,
          code,
        });
        expect(answer.body.message).toEqual(expect.any(String));
        expect(answer.refreshCookie).toBeNull();
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.end();
    }
  });

  it('says on the sign-in screen that passkeys work on localhost, not on an IP address, and that texts can be sent', async () => {
    expect((await call('GET', '/api/auth/providers', undefined, undefined, origin)).body).toMatchObject({
      passkeys: true,
      sms: true,
    });
    expect((await call('GET', '/api/auth/providers')).body).toMatchObject({ passkeys: false, sms: true });
  });
});

describeWhenAvailable(
  'Chromium',
  chromiumProblem(),
  'passkeys in Chromium with a virtual authenticator',
  () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let cdp: CDPSession;
    let authenticatorId: string;

    beforeAll(async () => {
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // @simplewebauthn/browser in every document of the app, as the web app's bundle carries it
      // (DevTools-injected, so the app's CSP stays as it is).
      await context.addInitScript({ path: SIMPLEWEBAUTHN_BROWSER });
      page = await context.newPage();
      ({ cdp, authenticatorId } = await addVirtualAuthenticator(context, page));
      await page.goto(origin);
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** Runs in the page: @simplewebauthn/browser against the app's own API, as the passkey buttons do. */
    const inPage = <T>(
      script: (args: { token?: string; challenge?: string }) => Promise<T>,
      args: { token?: string; challenge?: string } = {},
    ) => page.evaluate(script, args);

    it('registers a passkey for a signed-in account, then signs in with it: the session and refresh cookie as for a password', async () => {
      const { email, accessToken } = await newAccount();
      const registered = await inPage(
        async ({ token }) => {
          const lib = (globalThis as Json).SimpleWebAuthnBrowser;
          const post = (route: string, body: unknown) =>
            fetch(route, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            }).then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
          const { body } = await post('/api/auth/passkeys/registration/options', {});
          const response = await lib.startRegistration({ optionsJSON: body.options });
          const verified = await post('/api/auth/passkeys/registration/verify', {
            response,
            name: 'Chromium',
          });
          // Again on the same authenticator: the passkey is excluded, so the browser refuses (spec: existing).
          const again = await post('/api/auth/passkeys/registration/options', {});
          const refused = await lib
            .startRegistration({ optionsJSON: again.body.options })
            .catch((error: { code?: string; name?: string }) => error.code ?? error.name);
          return { verified, options: body.options, refused };
        },
        { token: accessToken },
      );
      expect(registered.options.rp).toEqual({ name: 'Backtalk', id: 'localhost' });
      expect(registered.verified).toMatchObject({
        status: 200,
        body: { passkey: { name: 'Chromium', lastUsedAt: null } },
      });
      expect(registered.refused).toBe('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost', signCount: 1 });

      await context.clearCookies();
      const signedIn = await inPage(async () => {
        const lib = (globalThis as Json).SimpleWebAuthnBrowser;
        const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(route, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }).then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
        const options = await post('/api/auth/passkeys/authentication/options', {});
        const response = await lib.startAuthentication({ optionsJSON: options.body.options });
        const verified = await post('/api/auth/passkeys/authentication/verify', { response });
        const session = await fetch('/api/auth/session', {
          headers: { authorization: `Bearer ${verified.body.session?.accessToken}` },
        }).then((answer) => answer.json());
        // The refresh cookie it set renews the session, as after a password sign-in.
        const refreshed = await fetch('/api/auth/refresh', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Backtalk-CSRF': '1' },
          body: '{}',
        }).then((answer) => answer.status);
        return { options: options.body.options, verified, session, refreshed };
      });
      expect(signedIn.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      expect(signedIn.verified).toMatchObject({ status: 200, body: { nextStep: { step: 'done' } } });
      expect(signedIn.session).toMatchObject({ userType: 'authenticated', email });
      expect(signedIn.refreshed).toBe(200);
      const cookie = (await context.cookies(`${origin}/api/auth/refresh`)).find(
        (candidate) => candidate.name === 'bt_refresh',
      );
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(after.credentials[0]!.signCount).toBe(2);
    });

    it('refuses an assertion the authenticator signed over a challenge the server never gave out', async () => {
      await context.clearCookies();
      const refused = await inPage(
        async ({ challenge }) => {
          const lib = (globalThis as Json).SimpleWebAuthnBrowser;
          const post = (route: string, body: unknown) =>
            fetch(route, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }).then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
          const { body } = await post('/api/auth/passkeys/authentication/options', {});
          const response = await lib.startAuthentication({ optionsJSON: { ...body.options, challenge } });
          return post('/api/auth/passkeys/authentication/verify', { response });
        },
        { challenge: Buffer.alloc(32, 9).toString('base64url') },
      );
      expect(refused).toMatchObject({
        status: 400,
        body: {
          code: 'PASSKEY_CHALLENGE_EXPIRED',
          message: 'This passkey request has expired. Start again.',
        },
      });
      expect(
        (await context.cookies(`${origin}/api/auth/refresh`)).find((cookie) => cookie.name === 'bt_refresh'),
      ).toBeUndefined();
    });
  },
);
