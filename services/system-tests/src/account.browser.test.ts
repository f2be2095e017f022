import { describeWhenAvailable } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addVirtualAuthenticator, chromiumProblem, launchChromium } from './chromium';
import { PageActivity } from './page-activity';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

/**
 * The user menu and /account in Chromium, against `npm start` (standalone: embedded PostgreSQL,
 * the development outbox): a user signs up through the API (code from the outbox), signs in on
 * the page (by its own fetch, later on the /sign-in screen), registers a passkey from the menu with a CDP virtual authenticator, sets up TOTP on
 * /account by computing the code from the secret the page shows, sees this device among the
 * sessions, and signs out from the menu and with 'Sign out everywhere'.
 *
 * Screenshots (1280 and 390 px) are written when BACKTALK_SCREENSHOTS_DIR names a folder.
 */
const PASSWORD = 'Correct-Horse-9';
const SCREENSHOTS = process.env.BACKTALK_SCREENSHOTS_DIR;
/** Where a failed test's screenshot and HTML go. */
const FAILURES_DIR = SCREENSHOTS ?? path.join(os.tmpdir(), 'backtalk-account-failures');

// JSON as the API answers it; the assertions check its shape.
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: the user menu and the account page', () => {
  let app: StandaloneApp;
  /** Passkeys need the page on `localhost` (a domain, not an IP). */
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let activity: PageActivity;
  /** A test whose failure also says what the page showed and did (page-activity.ts). */
  const reporting = (body: () => Promise<void>) => () =>
    activity.explainFailure(FAILURES_DIR, `account-failed-${Date.now()}`, body);

  beforeAll(async () => {
    app = await startStandaloneApp('account');
    origin = app.origin;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    activity = new PageActivity(page);
    await addVirtualAuthenticator(context, page);
    if (SCREENSHOTS) fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function call(method: string, route: string, body?: unknown, token?: string) {
    const response = await fetch(`${origin}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
  }

  async function outboxCode(to: string): Promise<string> {
    const { body } = await call('GET', '/api/dev/outbox?limit=100');
    const message = (body.messages as { to: string; text: string }[]).find(
      (candidate) => candidate.to === to,
    );
    const code = /Your code is (\d{6})/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code emailed to ${to}`);
    return code;
  }

  /** Signs up and confirms through the HTTP API, reading the code from the development outbox. */
  async function newAccount(): Promise<string> {
    const email = `account.${Date.now()}@example.com`;
    const signUp = await call('POST', '/api/auth/sign-up', { email, password: PASSWORD });
    expect(signUp.status).toBe(200);
    const confirmed = await call('POST', '/api/auth/sign-up/confirm', {
      email,
      code: await outboxCode(email),
      challenge: signUp.body.challenge,
    });
    expect(confirmed.body.nextStep).toEqual({ step: 'done' });
    return email;
  }

  /**
   * Signs the browser in the way the app does: the page's own fetch to the sign-in routes (the
   * gateway sets the HttpOnly refresh cookie), answering a TOTP step when there is one, then a
   * reload, after which the app restores the session from the cookie.
   */
  async function signInOnPage(email: string, totpSecret?: string): Promise<void> {
    const totp = totpSecret ? await generate({ secret: totpSecret }) : undefined;
    const reply = await page.evaluate(
      async ({ email, password, totp }) => {
        const post = (route: string, body: unknown) =>
          fetch(route, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'X-Backtalk-CSRF': '1' },
            body: JSON.stringify(body),
          }).then(async (response) => ({ status: response.status, body: (await response.json()) as Json }));
        const first = await post('/api/auth/sign-in', { email, password });
        if (first.body.nextStep?.step !== 'confirmSignIn' || !totp) return first;
        return post('/api/auth/sign-in/respond', {
          challenge: first.body.challenge,
          answer: { kind: 'code', code: totp },
        });
      },
      { email, password: PASSWORD, totp },
    );
    expect(reply).toMatchObject({ status: 200, body: { nextStep: { step: 'done' } } });
    await page.reload();
  }

  const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
  /** Waits until the user menu's toggle reads exactly `label` (Guest, or the user's email). */
  const menuLabelled = (label: string) =>
    accountMenu()
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) })
      .waitFor();
  async function openUserMenu(): Promise<void> {
    // At 768 px and below the menu sits behind the hamburger.
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    if (await hamburger.isVisible()) await hamburger.click();
    await accountMenu().click();
    await page.getByRole('menu').waitFor();
  }
  async function shot(name: string, fullPage = false): Promise<void> {
    if (!SCREENSHOTS) return;
    // A whole page from its top (the navbar is sticky); a menu once its opening animation ended.
    if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  }
  const section = (name: string) => page.getByRole('region', { name });

  let email: string;
  let totpSecret: string;

  it(
    'shows the email in the navbar once signed in, and the menu entries of a signed-in user',
    reporting(async () => {
      email = await newAccount();
      await page.goto(origin);
      await expect(accountMenu().innerText()).resolves.toBe('Guest');
      await signInOnPage(email);
      await menuLabelled(email);
      await openUserMenu();
      const items = await page.getByRole('menuitem').allInnerTexts();
      expect(items.map((item) => item.trim())).toEqual([
        'My chats',
        'Manage Billing',
        'My subscriptions',
        'Account',
        'Register a passkey',
        'Delete account',
        'Sign Out',
      ]);
      await shot('menu-1280');
      await page.keyboard.press('Escape');
    }),
  );

  it(
    'registers a passkey from the user menu with the virtual authenticator, and lists it on /account',
    reporting(async () => {
      await openUserMenu();
      await page.getByRole('menuitem', { name: 'Register a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Passkeys' });
      await dialog.getByRole('button', { name: 'Register a passkey' }).click();
      await dialog.getByText('Passkey registered. You can sign in with it from now on.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      await openUserMenu();
      await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
      await page.waitForURL(`${origin}/account`);
      const passkeys = section('Passkeys').getByRole('list', { name: 'Your passkeys' });
      await passkeys.waitFor();
      const rows = await passkeys.getByRole('listitem').allInnerTexts();
      expect(rows).toEqual([expect.stringMatching(/^Passkey\s+Created .* · Never used/s)]);
    }),
  );

  it(
    'lists this browser among the sessions, marked as this device',
    reporting(async () => {
      const sessions = section('Sessions').getByRole('list', { name: 'Active sessions' });
      await sessions.waitFor();
      const current = sessions.getByRole('listitem').filter({ hasText: 'This device' });
      await expect(current.textContent()).resolves.toMatch(
        /^Headless Chrome on LinuxThis deviceSigned in .* · Last used /,
      );
      expect(await sessions.getByRole('listitem').filter({ hasText: 'This device' }).count()).toBe(1);
    }),
  );

  it(
    'signs out from the user menu, back to Guest',
    reporting(async () => {
      await openUserMenu();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL(`${origin}/`);
      await menuLabelled('Guest');
    }),
  );

  it(
    'signs in on /sign-in and sets up TOTP on /account from the secret the page shows, with the 228×228 QR code',
    reporting(async () => {
      // A guest opening /account is sent to the sign-in screen, which brings the user back.
      await page.goto(`${origin}/account`);
      await page.waitForURL(`${origin}/sign-in`);
      const form = page.locator('form').filter({ has: page.getByLabel('Email', { exact: true }) });
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${origin}/account`);
      await menuLabelled(email);
      const mfa = section('Multi-Factor Authentication');
      await expect(mfa.getByTestId('mfa-status').innerText()).resolves.toBe(
        'Off: signing in asks for your password only.',
      );
      await mfa.getByRole('button', { name: 'Set up authenticator app' }).click();
      const qr = mfa.getByTestId('totp-qr');
      await qr.waitFor();
      expect(await qr.boundingBox()).toMatchObject({ width: 228, height: 228 });
      totpSecret = (await mfa.getByTestId('totp-secret').innerText()).trim();
      expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
      await mfa.getByLabel('Code from your authenticator app').fill(await generate({ secret: totpSecret }));
      await shot('account-totp-1280', true);
      await mfa.getByRole('button', { name: 'Confirm' }).click();
      await mfa
        .getByTestId('mfa-status')
        .filter({ hasText: /^On: Authenticator app$/ })
        .waitFor();
      await shot('account-1280', true);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('account-390', true);
      await openUserMenu();
      await shot('menu-390');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
    }),
  );

  it(
    "'Sign out everywhere' ends every session of the account and leaves this browser a guest",
    reporting(async () => {
      // Another device of the same account, signed in through the API (TOTP is on now: a later code).
      const other = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
      expect(other.body.nextStep).toMatchObject({ step: 'confirmSignIn', method: 'TOTP' });
      const otherDone = await call('POST', '/api/auth/sign-in/respond', {
        challenge: other.body.challenge,
        answer: {
          kind: 'code',
          code: await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }),
        },
      });
      expect(otherDone.body.nextStep).toEqual({ step: 'done' });
      const otherToken = otherDone.body.session.accessToken as string;
      await page.reload();
      const sessions = section('Sessions').getByRole('list', { name: 'Active sessions' });
      // Sign-up's confirmation signed in too: that session, this browser's and the other device's.
      await sessions.getByRole('listitem').nth(2).waitFor();
      expect(await sessions.getByRole('listitem').count()).toBe(3);

      await section('Sessions').getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.waitForURL(`${origin}/`);
      await menuLabelled('Guest');
      // The other device's access token stopped working with its session.
      expect((await call('GET', '/api/auth/sessions', undefined, otherToken)).status).toBe(401);
      // And a reload does not bring the account back.
      await page.reload();
      await menuLabelled('Guest');
    }),
  );
});
