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
import { ORDINARY_REPLY } from './boundary-model';
import { chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { DRAFT_REPLY, DRAFT_RULE, previewModel } from './preview-model';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Preview and publish in Chromium against standalone mode (issue 23, "a draft is previewed side
 * by side and published"): the creator saves a prompt on /creator/tools (a draft: fans keep the
 * published one), asks the same question of the draft and the published persona side by side on
 * /creator/preview — nothing stored as a chat — and publishes; the published persona then answers
 * as the draft did. The chat model is a scripted OpenAI-compatible server whose persona answers
 * DRAFT_REPLY when its prompt carries DRAFT_RULE. Screenshots at 1280 and 390 px go to
 * PREVIEW_SHOTS_DIR (default: a temp folder). The demo creator is handed to a signed-up user in
 * the database, as in the boundaries browser test.
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const shotsDir =
  process.env.PREVIEW_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-preview-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: preview and publish', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let model: FakeChatServer;
  let browser: Browser;
  let db: Client;
  let page: Page;
  const creatorEmail = `creator.${Date.now()}@example.com`;
  const call = gatewayHttp(() => app.origin);
  const publishedPrompt = async () =>
    (await db.query(`SELECT "creatorPrompt" FROM creators.creators WHERE handle = $1`, [DEMO])).rows[0]
      .creatorPrompt as string;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    model = await startFakeChatServer(previewModel);
    app = await startStandaloneApp('preview', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-preview',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, (to) =>
      smtp.waitFor(to, /Your code is (\d{6})/, 20_000),
    );
    db = await connectToStandaloneDatabase(app.dataDir);
    await handDemoCreatorTo(db, DEMO, creator.userId);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${app.origin}/sign-in`);
    const card = page.locator('[class*="card"]').first();
    await card.getByLabel('Email').fill(creatorEmail);
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('banner').getByText(creatorEmail).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await model?.close();
  });

  it('saves a prompt on /creator/tools as a draft; fans keep the published prompt', async () => {
    const before = await publishedPrompt();
    await page.goto(`${app.origin}/creator/tools`);
    await page.getByRole('heading', { name: 'Customize your AI chat' }).waitFor();
    await page.getByLabel('Creator prompt').fill(DRAFT_RULE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Prompt updated!').waitFor();
    expect(await publishedPrompt()).toBe(before);
    await page.getByRole('link', { name: 'preview and publish it' }).click();
    await page.waitForURL(/\/creator\/preview$/);
    await page.getByRole('heading', { name: 'Preview and publish' }).waitFor();
    await page.getByText('The creator prompt changed.').waitFor();
  });

  it('asks the draft and the published persona the same question side by side; no chat is stored', async () => {
    const stored = async () =>
      Number((await db.query(`SELECT count(*) AS n FROM chat_inference.messages`)).rows[0].n);
    const messagesBefore = await stored();
    await page.getByLabel('Ask as a fan would').fill('Who are you?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const draft = page.getByRole('log', { name: 'Draft answers' });
    const published = page.getByRole('log', { name: 'Published (what fans get) answers' });
    await draft.getByText(DRAFT_REPLY).waitFor({ timeout: 30_000 });
    await published.getByText(ORDINARY_REPLY).waitFor({ timeout: 30_000 });
    // Side by side at 1280 px: the two columns share a row.
    const [left, right] = [await draft.boundingBox(), await published.boundingBox()];
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
    expect(left!.x).toBeLessThan(right!.x);
    await screenshotAtBothWidths(page, shotsDir, '01-preview-side-by-side');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await stored()).toBe(messagesBefore);
  });

  it('publishes the draft: the published persona answers as the draft did', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published! Fans get it from their next message.').waitFor({ timeout: 20_000 });
    await page.getByText('No unpublished changes.', { exact: false }).waitFor();
    expect(await publishedPrompt()).toBe(DRAFT_RULE);

    await page.getByLabel('Ask as a fan would').fill('Who are you now?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const published = page.getByRole('log', { name: 'Published (what fans get) answers' });
    await published.getByTestId('preview-published-answer').nth(1).getByText(DRAFT_REPLY).waitFor({
      timeout: 30_000,
    });
    await screenshotAtBothWidths(page, shotsDir, '02-preview-published');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The prompt's versions keep the published text.
    await page.goto(`${app.origin}/creator/tools`);
    await page.getByText(DRAFT_RULE).first().waitFor();
  });
});
