import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumProblem, launchChromium, screenshotAtBothWidths, signUpOnSignInPage } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';
import { TikTokDouble } from './tiktok-double';

jest.setTimeout(300_000);

/**
 * Issue 10 item 3(a) in Chromium against the real product (standalone mode), with TikTok played
 * by the local contract double: a new user on /creator/verify sees 'Connect TikTok', goes through
 * TikTok's authorize page and back, sees the connected account, and verifies that account with
 * the key in its TikTok bio, landing on /creator.
 */
const PASSWORD = 'Sunny-Day-42';
const shotsDir =
  process.env.CREATOR_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-tiktok-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: connecting TikTok on /creator/verify', () => {
  const tiktok = new TikTokDouble('awbrowserclient01', 'browser-client-secret-0123');
  let app: StandaloneApp;
  let browser: Browser;
  let page: Page;
  let smtp: TestSmtpServer;
  const email = `tiktok.creator.${Date.now()}@example.com`;
  const username = `kiln.${Date.now()}`;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    await tiktok.start();
    tiktok.accounts.set(username, {
      username,
      displayName: 'Kiln Kate',
      bio: 'Wheel-thrown mugs',
      followerCount: 5200,
      videos: [],
    });
    smtp = await startTestSmtpServer();
    app = await startStandaloneApp('tiktok', {
      LLM_MAX_TOKENS: '16',
      SMTP_URL: smtp.url,
      TIKTOK_CLIENT_KEY: tiktok.clientKey,
      TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
      TIKTOK_AUTHORIZE_URL: `${tiktok.url}/v2/auth/authorize/`,
      TIKTOK_API_BASE_URL: tiktok.url,
    });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await tiktok.stop();
  });

  it('connects a TikTok account through TikTok and back, then verifies it with the key in its bio', async () => {
    await page.goto(`${app.origin}/sign-in`);
    await signUpOnSignInPage(page, email, PASSWORD, (to) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000));
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    await page.goto(`${app.origin}/creator/verify`);
    await page.getByText(/Available here: .*TikTok API/).waitFor();
    tiktok.signInAs = username;
    await page.getByRole('button', { name: 'Connect TikTok' }).click();
    // TikTok's authorize page (the double approves at once) sends the browser back through the callback.
    await page.waitForURL(/\/creator\/verify\?tiktok=connected$/);
    expect(tiktok.calls.some((call) => call.path === '/v2/auth/authorize/')).toBe(true);
    await page.getByText('Your TikTok account is connected.').waitFor();
    await page.getByText(`Connected as @${username} (Kiln Kate).`, { exact: false }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, 'tiktok-01-connected');

    await page.getByLabel('TikTok user ID').fill(`@${username}`);
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await page.getByTestId('verification-key').waitFor();
    const key = await page.getByTestId('verification-key').innerText();
    expect(key).toMatch(/^BACKTALK-/);
    tiktok.accounts.get(username)!.bio = `Wheel-thrown mugs ${key}`;
    await page.getByRole('button', { name: 'Verify Profile' }).click();
    await page.waitForURL(/\/creator$/);
  });
});
