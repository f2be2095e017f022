import { describeWhenAvailable } from '@backtalk/testing';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumProblem, launchChromium } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

/**
 * SMS in Chromium against `npm start` (standalone: no SMS_PROVIDER, so texts are kept in the
 * development outbox, read here as the developer page reads it): a user who signed up with a
 * phone number verifies it after signing in (spec §4 "Verify attributes"), turns on text message
 * codes on /account, signs out, and signs in again through 'Confirm SMS Code' (spec §2).
 *
 * Screenshots (1280 and 390 px) are written when BACKTALK_SCREENSHOTS_DIR names a folder.
 */
const PASSWORD = 'Correct-Horse-9';
const PHONE = '+14155550142';
const SCREENSHOTS = process.env.BACKTALK_SCREENSHOTS_DIR;

// JSON as the API answers it; the assertions check its shape.
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: phone verification and SMS MFA', () => {
  let app: StandaloneApp;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `sms.${Date.now()}@example.com`;

  beforeAll(async () => {
    app = await startStandaloneApp('sms');
    origin = app.origin;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    if (SCREENSHOTS) fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function call(method: string, route: string, body?: unknown) {
    const response = await fetch(`${origin}${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
  }

  /** The code in the newest outbox message to `to` on `channel`. */
  async function outboxCode(channel: 'email' | 'sms', to: string): Promise<string> {
    const { body } = await call('GET', '/api/dev/outbox?limit=100');
    const message = (body.messages as { channel: string; to: string; text: string }[]).find(
      (candidate) => candidate.channel === channel && candidate.to === to,
    );
    const code = /code is (\d{6})/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${to} (${channel})`);
    return code;
  }

  async function textsTo(to: string): Promise<number> {
    const { body } = await call('GET', '/api/dev/outbox?limit=100');
    return (body.messages as { channel: string; to: string }[]).filter(
      (message) => message.channel === 'sms' && message.to === to,
    ).length;
  }

  const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
  const menuLabelled = (label: string) =>
    accountMenu()
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) })
      .waitFor();
  async function shot(name: string): Promise<void> {
    if (!SCREENSHOTS) return;
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }
  /** The screen at 1280 px, then at 390 px, then back. */
  async function shots(name: string): Promise<void> {
    await shot(`${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(`${name}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  async function signInOnScreen(): Promise<void> {
    await page.goto(`${origin}/sign-in`);
    const form = page.locator('form').filter({ has: page.getByLabel('Email', { exact: true }) });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('verifies the phone number with a texted code after signing in (spec §4 "Verify attributes")', async () => {
    const signUp = await call('POST', '/api/auth/sign-up', {
      email,
      password: PASSWORD,
      attributes: { phone_number: PHONE.slice(1) },
    });
    expect(signUp.status).toBe(200);
    const confirmed = await call('POST', '/api/auth/sign-up/confirm', {
      email,
      code: await outboxCode('email', email),
      challenge: signUp.body.challenge,
    });
    expect(confirmed.body.nextStep).toEqual({
      step: 'verifyUser',
      unverified: [{ attribute: 'phone_number', destination: '***0142' }],
    });

    await signInOnScreen();
    await page
      .getByRole('heading', { name: 'Account recovery requires verified contact information' })
      .waitFor();
    const phone = page.getByRole('radio', { name: 'Phone Number: ***0142' });
    expect(await phone.isChecked()).toBe(true);
    await shots('sms-verify-phone');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('enter the code we texted to ***0142').waitFor();
    const code = await outboxCode('sms', PHONE);
    // A wrong code is refused in the server's words, and the right one still works after it.
    await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Invalid verification code provided, please try again.').waitFor();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await shots('sms-confirm-phone');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await menuLabelled(email);
  });

  it('turns on text message codes on /account with a code from the outbox', async () => {
    await page.goto(`${origin}/account`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText('***0142').waitFor();
    await expect(profile.getByText('Verified').count()).resolves.toBe(2);
    const mfa = page.getByRole('region', { name: 'Multi-Factor Authentication' });
    await mfa.getByText('Codes will go to ***0142').waitFor();
    await mfa.getByRole('button', { name: 'Turn on text message codes' }).click();
    await mfa.getByText('Sent to ***0142. It may take a minute to arrive').waitFor();
    await mfa.getByLabel('Code from the text message').fill(await outboxCode('sms', PHONE));
    await mfa.getByRole('button', { name: 'Confirm' }).click();
    await mfa
      .getByTestId('mfa-status')
      .filter({ hasText: /^On: Text message codes$/ })
      .waitFor();
    await expect(mfa.getByRole('button', { name: 'Turn off text message codes' }).isVisible()).resolves.toBe(
      true,
    );
    await shots('sms-account-mfa-on');
  });

  it("signs out, then signs in through 'Confirm SMS Code' with a new texted code", async () => {
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    if (await hamburger.isVisible()) await hamburger.click();
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await menuLabelled('Guest');

    const textsBefore = await textsTo(PHONE);
    await signInOnScreen();
    await page.getByRole('heading', { name: 'Confirm SMS Code' }).waitFor();
    await page.getByText('enter the code we texted to ***0142').waitFor();
    expect(await textsTo(PHONE)).toBe(textsBefore + 1);
    const code = await outboxCode('sms', PHONE);
    await page.getByLabel('Code', { exact: true }).fill(code);
    await shots('sms-confirm-sms-code');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await menuLabelled(email);
    // The password alone never signs this account in: each sign-in texts a new code.
    const again = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
    expect(again.body.nextStep).toMatchObject({ step: 'confirmSignIn', method: 'SMS' });
  });
});
