import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import { createHash, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import path from 'node:path';
import { repoRoot } from './processes';
import { startPlatformInProcess } from './in-process-platform';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

/**
 * OAuth / OpenID Connect sign-in end to end: a real OpenID provider
 * (oidc-provider) on a free port stands in for Google; identity and the
 * gateway run for real; the test plays the browser, following every redirect
 * by hand with a cookie jar per site, logging in and consenting on the
 * provider's own pages.
 */

const GOOGLE_CLIENT_ID = 'backtalk-google';
const GOOGLE_CLIENT_SECRET = 'google-client-secret-for-tests-only';
/** "Apple": its client secret is a JWT signed with this key, which the test provider checks. */
const APPLE_CLIENT_ID = 'com.example.backtalk.web';
const APPLE_TEAM_ID = 'TEAM123456';
const APPLE_KEY_ID = 'KEY7654321';
const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
/** What the test provider has registered for Apple; the JWT is swapped for it once verified. */
const APPLE_REGISTERED_SECRET = 'apple-secret-after-the-jwt-check';

/** The provider's accounts: the login name is the `sub`. */
const providerAccounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
  alice: { email: 'alice@example.com', email_verified: true, name: 'Alice' },
  bob: { email: 'Bob@Example.com', email_verified: true, name: 'Bob' },
  'carol-unverified': { email: 'carol@example.com', email_verified: false, name: 'Carol' },
  dave: { email: 'dave@example.com', email_verified: true, name: 'Dave' },
  /** Apple sends email_verified as the string "true". */
  'apple-user': {
    email: 'grace@privaterelay.example.com',
    email_verified: 'true' as unknown as boolean,
    name: '',
  },
  erin: { email: 'erin@example.com', email_verified: true, name: 'Erin' },
  frank: { email: 'frank@example.com', email_verified: true, name: 'Frank' },
};

/** A browser's cookies for one site (paths ignored: each site's cookies here are few and distinct). */
class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && new Date(attribute.split('=')[1]!).getTime() < Date.now()),
      );
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('OAuth sign-in against a real OpenID provider', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let providerServer: http.Server;
  let issuer: string;
  let url: string;
  let db: Client;
  let appleSecretsVerified = 0;

  beforeAll(async () => {
    database = await createSystemTestDatabase('oauth');
    // The provider's port first (identity needs the issuer), its handler once the gateway's port is known.
    providerServer = http.createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const env = {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_PRELOAD: 'false',
      OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID,
      OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_SECRET,
      OAUTH_GOOGLE_ISSUER: issuer,
      OAUTH_APPLE_CLIENT_ID: APPLE_CLIENT_ID,
      OAUTH_APPLE_TEAM_ID: APPLE_TEAM_ID,
      OAUTH_APPLE_KEY_ID: APPLE_KEY_ID,
      OAUTH_APPLE_PRIVATE_KEY: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      OAUTH_APPLE_ISSUER: issuer,
    };
    ({ services, gateway } = await startPlatformInProcess(env));
    url = gateway.url.replace('localhost', '127.0.0.1');
    // oidc-provider's notices about its development defaults (the test provider keeps them on purpose).
    for (const level of ['info', 'warn'] as const) {
      const print = console[level].bind(console);
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        if (!/^oidc-provider (NOTICE|WARNING)/.test(String(args[0]))) print(...args);
      });
    }
    const { default: Provider } = await import('oidc-provider');
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: GOOGLE_CLIENT_ID,
          client_secret: GOOGLE_CLIENT_SECRET,
          redirect_uris: [`${url}/api/auth/oauth/google/callback`],
          post_logout_redirect_uris: [`${url}/`],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
        {
          client_id: APPLE_CLIENT_ID,
          client_secret: APPLE_REGISTERED_SECRET,
          redirect_uris: [`${url}/api/auth/oauth/apple/callback`],
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      // Every authorization request must carry an S256 challenge, and the token request its verifier.
      pkce: { required: () => true },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
        phone: ['phone_number', 'phone_number_verified'],
      },
      findAccount: (_context: unknown, id: string) => {
        const account = providerAccounts[id];
        if (!account) return undefined;
        return { accountId: id, claims: () => ({ sub: id, ...account }) };
      },
      cookies: { keys: ['oauth-test-cookie-signing-key'] },
      features: { devInteractions: { enabled: true } },
    });
    // Apple's token endpoint takes a client secret JWT signed with the app's key: check it as Apple
    // would (ES256, kid, iss team, sub client, aud issuer, unexpired), then hand oidc-provider the
    // secret it has registered.
    const { importSPKI, jwtVerify } = await import('jose');
    const applePublicKey = await importSPKI(
      appleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'ES256',
    );
    provider.use(async (context, next) => {
      if (context.method === 'POST' && context.path === '/token') {
        const chunks: Buffer[] = [];
        for await (const chunk of context.req) chunks.push(chunk as Buffer);
        const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
        if (body.client_id === APPLE_CLIENT_ID) {
          const { protectedHeader } = await jwtVerify(body.client_secret ?? '', applePublicKey, {
            issuer: APPLE_TEAM_ID,
            subject: APPLE_CLIENT_ID,
            audience: issuer,
            algorithms: ['ES256'],
          });
          if (protectedHeader.kid !== APPLE_KEY_ID) throw new Error('wrong kid');
          appleSecretsVerified += 1;
          body.client_secret = APPLE_REGISTERED_SECRET;
        }
        (context.req as unknown as { body: unknown }).body = body;
      }
      await next();
    });
    const handleProviderRequest = provider.callback();
    providerServer.on('request', (request, response) => void handleProviderRequest(request, response));
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await gateway?.app.close();
    await services?.close();
    providerServer?.closeAllConnections();
    await new Promise((resolve) => providerServer?.close(resolve));
    await database?.drop();
  });

  const request = (target: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> =>
    fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    }).then((response) => {
      jar.store(response);
      return response;
    });

  const absolute = (location: string, base: string) => new URL(location, base).toString();

  interface Browser {
    app: CookieJar;
    provider: CookieJar;
  }
  const newBrowser = (): Browser => ({ app: new CookieJar(), provider: new CookieJar() });

  /** GET …/start: the redirect to the provider, and the binding cookie it set. */
  async function start(browser: Browser, query = ''): Promise<URL> {
    const response = await request(`${url}/api/auth/oauth/google/start${query}`, browser.app);
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  /**
   * At the provider: logs in as `login` and consents (or aborts), following
   * redirects until the provider sends the browser back to the gateway.
   */
  async function atProvider(
    browser: Browser,
    authorizationUrl: URL,
    login: string,
    options: { abort?: boolean } = {},
  ): Promise<URL> {
    let target = authorizationUrl.toString();
    for (let hop = 0; hop < 20; hop += 1) {
      if (target.startsWith(url)) return new URL(target);
      let response = await request(target, browser.provider);
      if (response.status === 200) {
        const page = await response.text();
        const formPost = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
        if (formPost) return formPostTarget(formPost, page);
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        if (!prompt) throw new Error(`unexpected provider page: ${page.slice(0, 500)}`);
        if (options.abort) {
          response = await request(`${target.replace(/\/$/, '')}/abort`, browser.provider);
        } else {
          const form = new URLSearchParams({ prompt });
          if (prompt === 'login') {
            form.set('login', login);
            form.set('password', 'any');
          }
          response = await request(target, browser.provider, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
          });
        }
      }
      if (response.status === 400 && /<form method="post"/.test(await response.clone().text())) {
        const page = await response.text();
        return formPostTarget(/<form method="post" action="([^"]+)">/.exec(page)![1]!, page);
      }
      if (response.status < 300 || response.status >= 400)
        throw new Error(`provider answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
      target = absolute(response.headers.get('location')!, target);
    }
    throw new Error('too many redirects at the provider');
  }

  /** A form_post page (Apple's response mode): the form's action with its fields as the query, to POST. */
  function formPostTarget(action: string, page: string): URL {
    const decode = (text: string) =>
      text
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
        .replace(/&amp;/g, '&');
    const target = new URL(decode(action));
    for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
      target.searchParams.set(name!, decode(value!));
    return target;
  }

  /** The callback at the gateway: where it redirects, and the app cookies afterwards. */
  async function callback(
    browser: Browser,
    callbackUrl: URL,
  ): Promise<{ location: URL; response: Response }> {
    const response = await request(callbackUrl.toString(), browser.app);
    expect(response.status).toBe(302);
    return { location: new URL(response.headers.get('location')!, url), response };
  }

  async function signIn(login: string, browser = newBrowser()) {
    const authorizationUrl = await start(browser);
    const callbackUrl = await atProvider(browser, authorizationUrl, login);
    return { browser, authorizationUrl, callbackUrl, ...(await callback(browser, callbackUrl)) };
  }

  /** What the web app does on /sign-in?oauth=done: POST /api/auth/refresh with the cookie, then reads the session. */
  async function sessionOf(browser: Browser) {
    const refreshed = await request(`${url}/api/auth/refresh`, browser.app, {
      method: 'POST',
      headers: { 'x-backtalk-csrf': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
    const { tokens } = (await refreshed.json()) as { tokens: { accessToken: string } };
    const session = await fetch(`${url}/api/auth/session`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(session.status).toBe(200);
    return {
      ...((await session.json()) as { userId: string; userType: string; email: string | null }),
      accessToken: tokens.accessToken,
    };
  }

  const pendingCount = async () =>
    Number((await db.query('SELECT count(*) FROM identity.oauth_authorizations')).rows[0].count);

  const PASSWORD = 'Correct-Horse-9';

  /** An email and password account through the real sign-up; confirmed with the emailed code when `confirm`. */
  async function signUp(email: string, confirm: boolean): Promise<void> {
    const post = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signedUp = await post('/api/auth/sign-up', { email, password: PASSWORD });
    expect(signedUp.status).toBe(200);
    if (!confirm) return;
    const outbox = (await (await fetch(`${url}/api/dev/outbox?limit=100`)).json()) as {
      messages: { to: string; text: string }[];
    };
    const code = /\b(\d{6})\b/.exec(outbox.messages.find((message) => message.to === email)!.text)![1];
    const confirmed = await post('/api/auth/sign-up/confirm', { email, code });
    expect(confirmed.status).toBe(200);
  }

  /** Password sign-in, answering the session's user id. */
  async function passwordSignIn(email: string): Promise<string> {
    const response = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const { session } = (await response.json()) as { session: { idToken: string } };
    return JSON.parse(Buffer.from(session.idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  }

  it('lists the configured providers (apple and google), alphabetical', async () => {
    const response = await fetch(`${url}/api/auth/providers`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { oauth: string[] }).oauth).toEqual(['apple', 'google']);
  });

  it('signs a new user in with the code flow and PKCE S256, sets the refresh cookie and redirects to /sign-in?oauth=done', async () => {
    const browser = newBrowser();
    const authorizationUrl = await start(browser);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${issuer}/auth`);
    const query = authorizationUrl.searchParams;
    expect(query.get('client_id')).toBe(GOOGLE_CLIENT_ID);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('redirect_uri')).toBe(`${url}/api/auth/oauth/google/callback`);
    expect(query.get('state')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(query.get('nonce')).toBeTruthy();
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'phone', 'profile']);
    // The binding cookie: HttpOnly, scoped to the callback, Lax (a top-level redirect back reaches it).
    const binding = browser.app.cookies.get('bt_oauth');
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The stored verifier is 128 characters and is what the challenge was computed from.
    const { rows } = await db.query(
      'SELECT "codeVerifier", "stateHash", "bindingHash" FROM identity.oauth_authorizations WHERE "stateHash" = $1',
      [createHash('sha256').update(query.get('state')!).digest('base64url')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].codeVerifier).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(createHash('sha256').update(rows[0].codeVerifier).digest('base64url')).toBe(
      query.get('code_challenge'),
    );
    expect(rows[0].bindingHash).not.toBe(binding);

    const callbackUrl = await atProvider(browser, authorizationUrl, 'alice');
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    const { location, response } = await callback(browser, callbackUrl);
    expect(location.pathname + location.search).toBe('/sign-in?oauth=done&provider=google');
    const refreshCookie = response.headers.getSetCookie().find((line) => line.startsWith('bt_refresh='));
    expect(refreshCookie).toMatch(/HttpOnly/i);
    expect(refreshCookie).toMatch(/Path=\/api\/auth(;|$)/);
    expect(refreshCookie).toMatch(/SameSite=Strict/i);
    expect(browser.app.cookies.has('bt_oauth')).toBe(false);
    expect(await pendingCount()).toBe(0);

    const session = await sessionOf(browser);
    expect(session).toMatchObject({ userType: 'authenticated', email: 'alice@example.com' });
    // Signing in again with the same provider account is the same user.
    const again = await signIn('alice');
    expect(again.location.searchParams.get('oauth')).toBe('done');
    expect((await sessionOf(again.browser)).userId).toBe(session.userId);
  });

  it('refuses a replayed callback: the state was spent by the first one', async () => {
    const { browser, callbackUrl, location } = await signIn('alice');
    expect(location.searchParams.get('oauth')).toBe('done');
    browser.app.cookies.delete('bt_refresh');
    const replay = await callback(browser, callbackUrl);
    expect(replay.location.pathname).toBe('/sign-in');
    expect(Object.fromEntries(replay.location.searchParams)).toEqual({
      oauth: 'error',
      provider: 'google',
      reason: 'expired',
    });
    expect(replay.response.headers.getSetCookie().some((line) => line.startsWith('bt_refresh='))).toBe(false);
  });

  it('refuses a state that does not match a started sign-in, and a callback in a browser that did not start it', async () => {
    const browser = newBrowser();
    const callbackUrl = await atProvider(browser, await start(browser), 'alice');
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'A'.repeat(32));
    const mismatch = await callback(browser, forged);
    expect(mismatch.location.searchParams.get('reason')).toBe('expired');
    expect(mismatch.response.headers.getSetCookie().some((line) => line.startsWith('bt_refresh='))).toBe(
      false,
    );

    // The real state, in another browser (an attacker's callback link sent to a victim: login CSRF).
    const otherBrowser = newBrowser();
    const elsewhere = await callback(otherBrowser, callbackUrl);
    expect(elsewhere.location.searchParams.get('reason')).toBe('browser_mismatch');
    expect(otherBrowser.app.cookies.has('bt_refresh')).toBe(false);
  });

  it('sends the PKCE verifier: the provider refuses the code for a verifier that does not match the challenge', async () => {
    const browser = newBrowser();
    const authorizationUrl = await start(browser);
    const stateHash = createHash('sha256')
      .update(authorizationUrl.searchParams.get('state')!)
      .digest('base64url');
    await db.query('UPDATE identity.oauth_authorizations SET "codeVerifier" = $1 WHERE "stateHash" = $2', [
      'x'.repeat(128),
      stateHash,
    ]);
    const callbackUrl = await atProvider(browser, authorizationUrl, 'alice');
    const { location, response } = await callback(browser, callbackUrl);
    expect(location.searchParams.get('reason')).toBe('exchange_failed');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('bt_refresh='))).toBe(false);
  });

  it('ends a sign-in cancelled at the provider (access_denied) as oauth=error&reason=cancelled', async () => {
    const browser = newBrowser();
    const callbackUrl = await atProvider(browser, await start(browser), 'alice', { abort: true });
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const { location } = await callback(browser, callbackUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      oauth: 'error',
      provider: 'google',
      reason: 'cancelled',
    });
    expect(browser.app.cookies.has('bt_refresh')).toBe(false);
    expect(await pendingCount()).toBe(0);
  });

  it('links the provider account to the existing account with the same verified email', async () => {
    await signUp('bob@example.com', true);
    const existing = await passwordSignIn('bob@example.com');
    const { browser, location } = await signIn('bob');
    expect(location.searchParams.get('oauth')).toBe('done');
    expect(await sessionOf(browser)).toMatchObject({ userId: existing, email: 'bob@example.com' });
    const { rows } = await db.query(
      'SELECT "userId", "emailVerified" FROM identity.user_identities WHERE provider = $1 AND subject = $2',
      ['google', 'bob'],
    );
    expect(rows).toEqual([{ userId: existing, emailVerified: true }]);
  });

  it('never links an email the provider did not verify: a new user without that email', async () => {
    await signUp('carol@example.com', true);
    const existing = await passwordSignIn('carol@example.com');
    const { browser, location } = await signIn('carol-unverified');
    expect(location.searchParams.get('oauth')).toBe('done');
    const session = await sessionOf(browser);
    expect(session.userId).not.toBe(existing);
    expect(session.email).toBeNull();
    const { rows } = await db.query('SELECT id FROM identity.users WHERE lower(email) = $1', [
      'carol@example.com',
    ]);
    expect(rows).toEqual([{ id: existing }]);
  });

  it('refuses to link a verified provider email to an account that never verified that email', async () => {
    await signUp('dave@example.com', false);
    const { browser, location } = await signIn('dave');
    expect(location.searchParams.get('reason')).toBe('account_unverified');
    expect(browser.app.cookies.has('bt_refresh')).toBe(false);
    const { rows } = await db.query('SELECT count(*) FROM identity.user_identities WHERE subject = $1', [
      'dave',
    ]);
    expect(Number(rows[0].count)).toBe(0);
  });

  it('moves the chats of the guest that started the sign-in to the account, and carries returnTo back', async () => {
    const browser = newBrowser();
    const guest = await request(`${url}/api/auth/guest`, browser.app, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(guest.status).toBe(201);
    const { userId: guestId, tokens } = (await guest.json()) as {
      userId: string;
      tokens: { accessToken: string };
    };
    const featured = (await (await fetch(`${url}/api/creators/featured`)).json()) as { id: string };
    const opened = await fetch(`${url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
      body: JSON.stringify({ creatorId: featured.id }),
    });
    expect(opened.status).toBe(201);
    const conversation = (await opened.json()) as { id: string };

    const authorizationUrl = await start(browser, '?returnTo=%2F%40some.creator');
    const stateHash = createHash('sha256')
      .update(authorizationUrl.searchParams.get('state')!)
      .digest('base64url');
    const { rows } = await db.query(
      'SELECT "guestUserId", "returnTo" FROM identity.oauth_authorizations WHERE "stateHash" = $1',
      [stateHash],
    );
    expect(rows).toEqual([{ guestUserId: guestId, returnTo: '/@some.creator' }]);
    const { location } = await callback(browser, await atProvider(browser, authorizationUrl, 'erin'));
    expect(Object.fromEntries(location.searchParams)).toEqual({
      oauth: 'done',
      provider: 'google',
      returnTo: '/@some.creator',
    });
    const account = await sessionOf(browser);
    expect(account).toMatchObject({ userType: 'authenticated', email: 'erin@example.com' });
    // The guest's conversation is the account's now; the guest is marked converted.
    const messages = await fetch(`${url}/api/conversations/${conversation.id}/messages`, {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    expect(messages.status).toBe(200);
    const converted = await db.query(
      'SELECT "convertedToUser", "convertedUserId" FROM identity.guest_users WHERE "cognitoUsername" = $1',
      [guestId],
    );
    expect(converted.rows).toEqual([{ convertedToUser: true, convertedUserId: account.userId }]);
  });

  it("signs out of an OAuth session with the provider's end-session URL, which the provider accepts", async () => {
    const { browser } = await signIn('frank');
    await sessionOf(browser);
    const signOut = await request(`${url}/api/auth/sign-out`, browser.app, {
      method: 'POST',
      headers: { 'x-backtalk-csrf': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    const { endSessionUrl } = (await signOut.json()) as { endSessionUrl: string };
    const endSession = new URL(endSessionUrl);
    expect(endSession.origin + endSession.pathname).toBe(`${issuer}/session/end`);
    expect(endSession.searchParams.get('client_id')).toBe(GOOGLE_CLIENT_ID);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${url}/`);
    const logoutPage = await request(endSessionUrl, browser.provider);
    expect(logoutPage.status).toBe(200);
    expect(await logoutPage.text()).toMatch(/logout/i);
    // The session is over.
    const refresh = await request(`${url}/api/auth/refresh`, browser.app, {
      method: 'POST',
      headers: { 'x-backtalk-csrf': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refresh.status).toBe(401);
    // The next sign-in's housekeeping drops the provider note of the ended session.
    await start(newBrowser());
    const ended = await db.query(
      `SELECT count(*) FROM identity.oauth_sessions o JOIN identity.sessions s ON s.id = o."familyId"
       WHERE s."revokedAt" IS NOT NULL`,
    );
    expect(Number(ended.rows[0].count)).toBe(0);

    // A guest's sign-out has no provider to leave.
    const guestBrowser = newBrowser();
    await request(`${url}/api/auth/guest`, guestBrowser.app, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const guestSignOut = await request(`${url}/api/auth/sign-out`, guestBrowser.app, {
      method: 'POST',
      headers: { 'x-backtalk-csrf': '1', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(guestSignOut.status).toBe(200);
    expect(await guestSignOut.json()).toEqual({ endSessionUrl: null });
  });

  it('answers bad input on the OAuth routes with a clear 4xx {code, message} and stores nothing', async () => {
    const before = await pendingCount();
    const cases: [string, RequestInit, number, string][] = [
      ['/api/auth/oauth/twitter/start', {}, 404, 'OAUTH_PROVIDER_NOT_CONFIGURED'],
      ['/api/auth/oauth/amazon/start', {}, 404, 'OAUTH_PROVIDER_NOT_CONFIGURED'],
      ['/api/auth/oauth/facebook/callback?code=c&state=s', {}, 404, 'OAUTH_PROVIDER_NOT_CONFIGURED'],
      ['/api/auth/oauth/google/start?returnTo=%2F%2Fevil.example', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/start?returnTo=https%3A%2F%2Fevil.example', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/start?returnTo=%2F%5Cevil.example', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/start?unknown=1', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/callback', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/callback?code=only-a-code', {}, 400, 'VALIDATION_FAILED'],
      ['/api/auth/oauth/google/callback?code=c&state=a&state=b', {}, 400, 'VALIDATION_FAILED'],
      [`/api/auth/oauth/google/callback?code=c&state=${'s'.repeat(600)}`, {}, 400, 'VALIDATION_FAILED'],
      [
        '/api/auth/oauth/google/callback',
        { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'code=c&state=s' },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        '/api/auth/oauth/google/callback',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'code=c&state[nested]=s',
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        '/api/auth/sign-in',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=a@b.c',
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [route, init, status, code] of cases) {
      const response = await fetch(`${url}${route}`, { ...init, redirect: 'manual' });
      const body = (await response.json()) as { code: string; message: string };
      expect({ route, status: response.status, code: body.code }).toEqual({ route, status, code });
      expect(body.message.length).toBeGreaterThan(10);
    }
    expect(await pendingCount()).toBe(before);
  });

  it('accepts the form_post callback (Apple sends its response as a POST) like the query one', async () => {
    const browser = newBrowser();
    const callbackUrl = await atProvider(browser, await start(browser), 'alice');
    const response = await request(`${url}/api/auth/oauth/google/callback`, browser.app, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: callbackUrl.searchParams.toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sign-in?oauth=done&provider=google');
    expect((await sessionOf(browser)).email).toBe('alice@example.com');
  });

  it('signs in with "Apple": form_post response, a client secret JWT signed with the app\'s key, email_verified as a string', async () => {
    const browser = newBrowser();
    const startResponse = await request(`${url}/api/auth/oauth/apple/start`, browser.app);
    expect(startResponse.status).toBe(302);
    const authorizationUrl = new URL(startResponse.headers.get('location')!);
    expect(authorizationUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authorizationUrl.searchParams.get('client_id')).toBe(APPLE_CLIENT_ID);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    // form_post comes back as a cross-site POST: only a SameSite=None (so Secure) cookie reaches it.
    const binding = startResponse.headers.getSetCookie().find((line) => line.startsWith('bt_oauth='))!;
    expect(binding).toMatch(/SameSite=None/i);
    expect(binding).toMatch(/Secure/i);
    expect(binding).toMatch(/Path=\/api\/auth\/oauth\/apple\/callback/);

    const posted = await atProvider(browser, authorizationUrl, 'apple-user');
    expect(posted.pathname).toBe('/api/auth/oauth/apple/callback');
    const verifiedBefore = appleSecretsVerified;
    const response = await request(`${url}${posted.pathname}`, browser.app, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: posted.searchParams.toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sign-in?oauth=done&provider=apple');
    expect(appleSecretsVerified).toBe(verifiedBefore + 1);
    expect(await sessionOf(browser)).toMatchObject({
      userType: 'authenticated',
      email: 'grace@privaterelay.example.com',
    });
  });

  it('ends an Apple sign-in cancelled at the provider (form_post error) as reason=cancelled', async () => {
    const browser = newBrowser();
    const startResponse = await request(`${url}/api/auth/oauth/apple/start`, browser.app);
    const posted = await atProvider(browser, new URL(startResponse.headers.get('location')!), 'apple-user', {
      abort: true,
    });
    expect(posted.searchParams.get('error')).toBe('access_denied');
    const response = await request(`${url}${posted.pathname}`, browser.app, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: posted.searchParams.toString(),
    });
    expect(response.headers.get('location')).toBe('/sign-in?oauth=error&provider=apple&reason=cancelled');
  });
});
