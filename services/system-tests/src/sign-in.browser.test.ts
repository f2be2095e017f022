import { freePort } from '@backtalk/embedded-db';
import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer } from '@backtalk/testing';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { ADULT_BIRTHDATE } from './birthdates';
import {
  addVirtualAuthenticator,
  answerAgeQuestion,
  chromiumProblem,
  launchChromium,
  screenshotAtBothWidths,
} from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';
import { repoRoot } from './processes';

jest.setTimeout(300_000);

/**
 * The /sign-in screen in Chromium against the real product (standalone mode), with a real SMTP
 * server (smtp-server) receiving the codes and a real OpenID provider (oidc-provider) standing in
 * for Google: a guest chats, signs up with email, confirms with the mailed code and still finds
 * the chat; signs out; resets a forgotten password; signs in with TOTP; signs in with Google.
 * Screenshots of each step at 1280 and 390 px go to SIGN_IN_SHOTS_DIR (default: a temp folder).
 */
const GOOGLE_CLIENT_ID = 'backtalk-google';
const GOOGLE_CLIENT_SECRET = 'google-client-secret-for-tests-only';
const SIMPLEWEBAUTHN_BROWSER = path.join(
  repoRoot,
  'node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js',
);
const PASSWORD = 'Sunny-Day-42';
const NEW_PASSWORD = 'Rainy-Night-77';
const shotsDir =
  process.env.SIGN_IN_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-sign-in-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: accounts and sign-in on /sign-in', () => {
  let app: StandaloneApp;
  let browser: Browser;
  let page: Page;
  let smtp: TestSmtpServer;
  let providerServer: http.Server;
  let baseUrl: string;
  const email = `maya.fan.${Date.now()}@example.com`;
  let totpSecret: string;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    providerServer = http.createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    await startOpenIdProvider(providerServer, issuer, baseUrl);
    app = await startStandaloneApp(
      'sign-in',
      {
        LLM_PROVIDER: 'local',
        LLM_MAX_TOKENS: '16',
        SMTP_URL: smtp.url,
        OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID,
        OAUTH_GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_SECRET,
        OAUTH_GOOGLE_ISSUER: issuer,
      },
      port,
    );
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // @simplewebauthn/browser in the page for registering a passkey (the account menu's
    // registration is another screen's); signing in with it is the sign-in screen's own button.
    await context.addInitScript({ path: SIMPLEWEBAUTHN_BROWSER });
    page = await context.newPage();
    await addVirtualAuthenticator(context, page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    providerServer?.closeAllConnections();
    await new Promise((resolve) => providerServer?.close(resolve));
  });

  const shoot = (name: string) => screenshotAtBothWidths(page, shotsDir, name);

  const card = () => page.locator('[class*="card"]').first();
  const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
  /** The navbar's user menu is labelled with `text` (Guest, or the signed-in user's email). */
  const navbarShows = (text: string) => accountMenu().filter({ hasText: text }).waitFor({ timeout: 30_000 });
  const codeFor = (to: string, subject: RegExp) =>
    smtp.waitFor(to, new RegExp(`${subject.source}[\\s\\S]*Your code is (\\d{6})`), 20_000);

  /** A POST to the app's API from outside the browser; the answer must be 200. */
  async function apiCall(route: string, body: unknown, token?: string): Promise<FlowAnswer> {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as FlowAnswer;
  }

  async function signOutFromMenu(): Promise<void> {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await navbarShows('Guest');
  }

  async function signInWithPassword(password: string): Promise<void> {
    await card().getByLabel('Email').fill(email);
    await card().getByLabel('Password').fill(password);
    await card().getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('a guest chats with the featured creator, signs up, confirms with the mailed code, and keeps the chat', async () => {
    await page.goto(baseUrl);
    await page.getByText('Try Backtalk now!').first().click();
    await page.waitForURL(/\/@demo\.creator$/);
    await answerAgeQuestion(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello from a guest');
    await box.press('Enter');
    await page
      .locator('[data-testid="chat-message"][data-role="assistant"]')
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
    await expect(accountMenu().innerText()).resolves.toContain('Guest');
    await shoot('01-guest-chat');

    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign In' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await shoot('02-sign-in');

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await card().getByLabel('Email').fill(email);
    await card().getByLabel('Birthdate').fill(ADULT_BIRTHDATE);
    await card().getByLabel('Password', { exact: true }).fill('short');
    await card().getByLabel('Confirm Password').fill('shorter');
    await card().getByLabel('Confirm Password').blur();
    await page.getByText('Password must have at least 8 characters').waitFor();
    await page.getByText('Your passwords must match').waitFor();
    expect(await card().getByRole('button', { name: 'Sign Up', exact: true }).isDisabled()).toBe(true);
    await shoot('03-sign-up-errors');
    await card().getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card().getByLabel('Confirm Password').fill(PASSWORD);
    await card().getByRole('button', { name: 'Sign Up', exact: true }).click();

    await page.getByRole('heading', { name: 'We Emailed You' }).waitFor();
    await page.getByText(/It may take a minute to arrive/).waitFor();
    await shoot('04-confirm-sign-up');
    const code = await codeFor(email, /Your Backtalk confirmation code/);
    await card().getByLabel('Confirmation Code').fill(code);
    await card().getByRole('button', { name: 'Confirm', exact: true }).click();

    // Back where the user came from, signed in with the email in the navbar, the guest's chat kept.
    await page.waitForURL(/\/@demo\.creator$/);
    await navbarShows(email);
    await expect(accountMenu().innerText()).resolves.toContain(email);
    const first = page.locator('[data-testid="chat-message"][data-role="user"]').first();
    await first.waitFor();
    await expect(first.innerText()).resolves.toContain('Hello from a guest');
    await shoot('05-signed-in-chat-kept');
  });

  it('signs out from the user menu, then resets a forgotten password by mailed code and signs in with it', async () => {
    await signOutFromMenu();
    await shoot('06-signed-out');

    await page.goto(`${baseUrl}/sign-in`);
    await card().getByRole('button', { name: 'Forgot your password?', exact: true }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await card().getByLabel('Email').fill(email);
    await shoot('07-forgot-password');
    await card().getByRole('button', { name: 'Send code', exact: true }).click();
    await card().getByLabel('New Password').waitFor();
    const code = await codeFor(email, /Your Backtalk password reset code/);
    await card().getByLabel('Code').fill(code);
    await card().getByLabel('New Password').fill(NEW_PASSWORD);
    await card().getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await shoot('08-confirm-reset');
    await card().getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();
    await shoot('09-reset-done');

    await signInWithPassword(NEW_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await navbarShows(email);
  });

  it("signs in with a passkey from Chromium's virtual authenticator with the sign-in screen's button", async () => {
    const signedIn = await apiCall('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(signedIn.nextStep).toEqual({ step: 'done' });
    const registered = await page.evaluate(async (token: string) => {
      const lib = (globalThis as unknown as { SimpleWebAuthnBrowser: WebAuthnLibrary }).SimpleWebAuthnBrowser;
      const post = (route: string, body: unknown) =>
        fetch(route, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ options: unknown }>);
      const { options } = await post('/api/auth/passkeys/registration/options', {});
      const response = await lib.startRegistration({ optionsJSON: options });
      return fetch('/api/auth/passkeys/registration/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ response, name: 'Chromium' }),
      }).then((answer) => answer.status);
    }, signedIn.session!.accessToken);
    expect(registered).toBe(200);

    await signOutFromMenu();
    await page.goto(`${baseUrl}/sign-in`);
    await card().getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await navbarShows(email);
  });

  it('signs in with TOTP: the code computed from the secret, under "Confirm TOTP Code"', async () => {
    // Turn TOTP on through the API, as the account screen does (issue 9's account menu).
    const signedIn = await apiCall('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(signedIn.nextStep).toEqual({ step: 'done' });
    const setup = await apiCall('/api/auth/mfa/totp', {}, signedIn.session!.accessToken);
    totpSecret = setup.nextStep!.secret!;
    await apiCall(
      '/api/auth/mfa/totp/confirm',
      { code: await totpAt(totpSecret) },
      signedIn.session!.accessToken,
    );

    await signOutFromMenu();
    await page.goto(`${baseUrl}/sign-in`);
    await signInWithPassword(NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Confirm TOTP Code' }).waitFor();
    await shoot('10-confirm-totp');
    // The setup spent this window's code (a code works once): the next window's is accepted.
    await card()
      .getByLabel('Code')
      .fill(await totpAt(totpSecret, 30));
    await card().getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await navbarShows(email);
    await shoot('11-signed-in-with-totp');
  });

  it('signs in with Google through the OpenID provider and shows the provider account email', async () => {
    await signOutFromMenu();
    await page.goto(`${baseUrl}/sign-in`);
    const google = card().getByRole('link', { name: 'Sign In with Google' });
    await google.waitFor();
    await expect(
      card()
        .getByRole('link', { name: /Sign In with (Apple|Amazon|Facebook)/ })
        .count(),
    ).resolves.toBe(0);
    await shoot('12-sign-in-federated');
    await google.click();
    // oidc-provider's own login and consent pages.
    await page.waitForURL((url) => url.host.startsWith('127.0.0.1'));
    await page.locator('input[name="login"]').fill('alice');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/sign-in'), {
      timeout: 30_000,
    });
    await navbarShows('alice@example.com');
    await expect(accountMenu().innerText()).resolves.toContain('alice@example.com');
    await shoot('13-signed-in-with-google');
  });

  it('tells the user when they cancel at the provider', async () => {
    // A browser that has no session at the provider yet, so its login page shows.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${baseUrl}/sign-in`);
    await card().getByRole('link', { name: 'Sign In with Google' }).click();
    await page.locator('input[name="login"]').waitFor();
    await page.goto(`${page.url().replace(/\/$/, '')}/abort`);
    await page.getByText('Sign-in was cancelled.').waitFor({ timeout: 30_000 });
    // Nobody is signed in: the navbar offers 'Sign In' (this tab is on /sign-in, so no guest either).
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.getByText('alice@example.com').count()).toBe(0);
    await shoot('14-oauth-cancelled');
  });
});

/** What the tests read of an auth flow answer. */
interface FlowAnswer {
  nextStep?: { step: string; secret?: string };
  session?: { accessToken: string };
}

/** The part of @simplewebauthn/browser's UMD bundle the page uses. */
interface WebAuthnLibrary {
  startRegistration(input: { optionsJSON: unknown }): Promise<unknown>;
}

const totpAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** oidc-provider as "Google": one client whose redirect URI is the app's callback; PKCE required. */
async function startOpenIdProvider(server: http.Server, issuer: string, appUrl: string): Promise<void> {
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
        redirect_uris: [`${appUrl}/api/auth/oauth/google/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_context: unknown, id: string) =>
      id === 'alice'
        ? {
            accountId: id,
            claims: () => ({ sub: id, email: 'alice@example.com', email_verified: true, name: 'Alice' }),
          }
        : undefined,
    cookies: { keys: ['sign-in-browser-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  const handleRequest = provider.callback();
  server.on('request', (request, response) => void handleRequest(request, response));
}
