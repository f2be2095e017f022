import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Client } from 'pg';
import { birthdateAged } from './birthdates';
import { chromiumProblem, launchChromium, screenshotAtBothWidths, signedInPage } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Age in Chromium against standalone mode (docs/safety.md, "Age"): sign-up asks for the birth
 * date and an under-13 one is refused with nothing kept; a guest answers the age question once
 * before the first message (not again after a reload); a creator sets 18+ on /creator/tools; a
 * 15-year-old — the guest who chose 13–15 and an account signed up with a 15-year-old's birth
 * date — is told before typing that the chat is for fans 18 and older, and has no message box.
 * Screenshots at 1280 and 390 px go to AGE_SHOTS_DIR (default: a temp folder).
 */
const PASSWORD = 'Sunny-Day-42';
const ADULTS_ONLY = 'dez.looks.up';
const shotsDir = process.env.AGE_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-age-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: age checks', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let db: Client;
  const stamp = Date.now();
  const creatorEmail = `creator.${stamp}@example.com`;
  const call = gatewayHttp(() => app.origin);
  const codeFor = (to: string) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000);
  let guestPage: Page;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    app = await startStandaloneApp('age', {
      LLM_PROVIDER: 'local',
      LLM_MAX_TOKENS: '16',
      SMTP_URL: smtp.url,
    });
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, codeFor);
    db = await connectToStandaloneDatabase(app.dataDir);
    // A demo creator handed to a signed-up user: fans reach it without Stripe onboarding.
    await handDemoCreatorTo(db, ADULTS_ONLY, creator.userId);
    browser = await launchChromium();
    guestPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  const users = async (email: string) =>
    Number((await db.query(`SELECT count(*) FROM identity.users WHERE email = $1`, [email])).rows[0].count);

  async function openSignUp(): Promise<{
    context: BrowserContext;
    page: Page;
    card: ReturnType<Page['locator']>;
  }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/sign-in?tab=sign-up`);
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    return { context, page, card: page.locator('[class*="card"]').first() };
  }

  it('asks for the birth date on sign-up and refuses an under-13 one, keeping nothing', async () => {
    const { context, page, card } = await openSignUp();
    const email = `kid.${stamp}@example.com`;
    await card.getByLabel('Email').fill(email);
    await card.getByLabel('Birthdate').fill(birthdateAged(13, 1));
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByLabel('Confirm Password').fill(PASSWORD);
    await screenshotAtBothWidths(page, shotsDir, '01-sign-up-birthdate');
    await card.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText('You must be at least 13 years old to use Backtalk.').waitFor({ timeout: 20_000 });
    await screenshotAtBothWidths(page, shotsDir, '02-sign-up-under-13');
    expect(await users(email)).toBe(0);
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
    await context.close();
  });

  it('asks a guest its age once before the first message, and not again after a reload', async () => {
    await guestPage.goto(`${app.origin}/@demo.creator`);
    await guestPage.getByRole('heading', { name: 'Before you chat' }).waitFor({ timeout: 20_000 });
    expect(await guestPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await screenshotAtBothWidths(guestPage, shotsDir, '03-guest-age-question');
    await guestPage.getByLabel('13–15', { exact: true }).check();
    await guestPage.getByRole('button', { name: 'Continue' }).click();
    await guestPage.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 });
    await guestPage.reload();
    await guestPage.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 });
    expect(await guestPage.getByRole('heading', { name: 'Before you chat' }).count()).toBe(0);
  });

  it('lets the creator choose 18+ on /creator/tools', async () => {
    const { context, page } = await signedInPage(browser, app.origin, creatorEmail, PASSWORD);
    await page.goto(`${app.origin}/creator/tools`);
    await page.getByLabel('18 and older').check();
    await page.getByRole('button', { name: 'Save audience' }).click();
    await page.getByText('Audience saved. It applies from the next message on.').waitFor();
    const { rows } = await db.query(`SELECT "audienceMinimum" FROM creators.creators WHERE handle = $1`, [
      ADULTS_ONLY,
    ]);
    expect(rows).toEqual([{ audienceMinimum: '18+' }]);
    await page.getByRole('group', { name: 'Who can chat' }).scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, shotsDir, '04-creator-audience');
    await context.close();
  });

  it('tells the 15-year-old guest, before typing, that the 18+ chat is not theirs', async () => {
    await guestPage.goto(`${app.origin}/@${ADULTS_ONLY}`);
    await guestPage
      .getByRole('heading', { name: "Dez Kettleworth's chat is for fans 18 and older" })
      .waitFor({ timeout: 20_000 });
    expect(await guestPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await screenshotAtBothWidths(guestPage, shotsDir, '05-guest-18-plus-refused');
  });

  it('refuses a 15-year-old who signed up with their birth date, and lets them into a 13+ chat', async () => {
    const { context, page, card } = await openSignUp();
    const email = `teen.${stamp}@example.com`;
    await card.getByLabel('Email').fill(email);
    await card.getByLabel('Birthdate').fill(birthdateAged(15));
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByLabel('Confirm Password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('heading', { name: 'We Emailed You' }).waitFor();
    await card.getByLabel('Confirmation Code').fill(await codeFor(email));
    await card.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('banner').getByText(email).waitFor({ timeout: 20_000 });
    await page.goto(`${app.origin}/@${ADULTS_ONLY}`);
    await page
      .getByRole('heading', { name: "Dez Kettleworth's chat is for fans 18 and older" })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await page.goto(`${app.origin}/@demo.creator`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('tells a guest under 13 that Backtalk is not for them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/@demo.creator`);
    await page.getByRole('heading', { name: 'Before you chat' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Under 13', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Sorry, Backtalk is for people 13 and older' }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, '06-guest-under-13');
    await context.close();
  });
});
