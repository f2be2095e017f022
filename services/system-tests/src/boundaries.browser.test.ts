import {
  describeWhenAvailable,
  type FakeChatServer,
  startFakeChatServer,
  startTestSmtpServer,
  type TestSmtpServer,
} from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Client } from 'pg';
import { boundaryModel } from './boundary-model';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Creator boundaries in Chromium against standalone mode (issue 22 item 3, "a boundary set by a
 * creator is enforced"): the creator adds "my family" with a decline on /creator/tools and tries
 * it in the preview; a guest fan who asks the persona about the creator's family reads the
 * decline, never the reply. The chat model (persona and boundary judge) is a scripted
 * OpenAI-compatible server. Screenshots at 1280 and 390 px go to BOUNDARIES_SHOTS_DIR (default:
 * a temp folder). The demo creator is handed to a signed-up user in the database, as in the
 * reports browser test: a chat-ready verified creator needs Stripe onboarding.
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const DECLINE = 'My family stays off camera, sorry! Ask me about my videos instead.';
const shotsDir =
  process.env.BOUNDARIES_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-boundaries-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: creator boundaries', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let model: FakeChatServer;
  let browser: Browser;
  let db: Client;
  const creatorEmail = `creator.${Date.now()}@example.com`;
  const call = gatewayHttp(() => app.origin);

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    model = await startFakeChatServer(boundaryModel());
    app = await startStandaloneApp('boundaries', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-boundaries',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, (to) =>
      smtp.waitFor(to, /Your code is (\d{6})/, 20_000),
    );
    db = await connectToStandaloneDatabase(app.dataDir);
    await handDemoCreatorTo(db, DEMO, creator.userId);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await model?.close();
  });

  async function creatorPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/sign-in`);
    const card = page.locator('[class*="card"]').first();
    await card.getByLabel('Email').fill(creatorEmail);
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('banner').getByText(creatorEmail).waitFor({ timeout: 20_000 });
    return page;
  }

  it('the creator sets "my family" with a decline and tries it in the preview', async () => {
    const page = await creatorPage();
    await page.goto(`${app.origin}/creator/tools`);
    const card = page.getByRole('region', { name: "Topics your persona won't discuss" });
    await card.getByText('No topics yet.').waitFor({ timeout: 20_000 });
    await screenshotAtBothWidths(page, shotsDir, '01-creator-tools-no-topics');

    await card.getByRole('button', { name: 'Add topic' }).click();
    await card.getByLabel('Topic 1', { exact: true }).fill('my family');
    await card.getByLabel('How to decline (optional)').fill(DECLINE);
    await card.getByRole('button', { name: 'Add topic' }).click();
    await card.getByLabel('Topic 2', { exact: true }).fill('politics');
    await card.getByRole('button', { name: 'Save topics' }).click();
    // A save goes to the draft (issue 23 item 4), like the prompt: fans get it once published.
    await card.getByText('Topics saved to your draft.').waitFor({ timeout: 20_000 });

    await card.getByLabel('Fan question').fill('How is your family doing?');
    await card.getByRole('button', { name: 'Try it' }).click();
    await card.getByText('Your persona would decline: (crosses “my family”)').waitFor({ timeout: 30_000 });
    await card.getByText(DECLINE, { exact: true }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, '02-creator-tools-preview-declined');

    // A question off every topic: the persona answers.
    await card.getByLabel('Fan question').fill('How often do you feed your starter?');
    await card.getByRole('button', { name: 'Try it' }).click();
    await card.getByText('Your persona would answer:').waitFor({ timeout: 30_000 });

    // Published on /creator/preview; then the list is what the page shows after a reload.
    await page.goto(`${app.origin}/creator/preview`);
    await page.getByText("The topics your persona won't discuss changed.").waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published! Fans get it from their next message.').waitFor({ timeout: 20_000 });
    await page.goto(`${app.origin}/creator/tools`);
    await expect(card.getByLabel('Topic 1', { exact: true }).inputValue()).resolves.toBe('my family');
    await expect(card.getByLabel('Topic 2', { exact: true }).inputValue()).resolves.toBe('politics');
    await page.context().close();
  });

  it("a fan who asks about the creator's family reads the decline, never the reply", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me about your family! How are your mom and dad?');
    await box.press('Enter');
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await reply.getByText(DECLINE).waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
    const shown = await page.locator('main').innerText();
    expect(shown).not.toMatch(/bakery|my brother/);
    await screenshotAtBothWidths(page, shotsDir, '03-fan-reads-decline');
    await context.close();
  });
});
