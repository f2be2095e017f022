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
import { boundaryModel, ORDINARY_REPLY } from './boundary-model';
import { ADULT_BIRTHDATE } from './birthdates';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * The creator reviews sampled replies in Chromium against standalone mode (issue 23 item 4;
 * docs/creators.md, "Sampled replies"): an adult fan chats with the demo persona; the creator
 * finds the reply under "Recent replies" on /creator/preview, gives it a thumbs down, follows
 * "Correct this" to the corrected-answer editor with the fan's question filled in, and saves an
 * answer that /creator/knowledge lists. A fan who turned "Let creators review replies to me" off
 * in the chat's memory panel is never sampled. Screenshots at 1280 and 390 px go to
 * REVIEW_SHOTS_DIR (default: a temp folder).
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const QUESTION = 'How often should I feed my rye starter?';
const SHY_QUESTION = 'This one is only between us, right?';
const ANSWER = 'Twice a day at room temperature, once a week if it lives in the fridge.';
const shotsDir =
  process.env.REVIEW_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-review-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: the creator reviews sampled replies', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let model: FakeChatServer;
  let browser: Browser;
  let db: Client;
  const stamp = Date.now();
  const creatorEmail = `creator.${stamp}@example.com`;
  const call = gatewayHttp(() => app.origin);
  const codeFor = (to: string) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000);

  /** An account made over the API (an adult's birth date given), then signed in in its own browser. */
  async function signedIn(email: string, adult: boolean): Promise<Page> {
    const user = await signUpAccount(call, email, PASSWORD, codeFor);
    if (adult)
      expect(
        (
          await call('/api/auth/age', {
            method: 'PUT',
            body: { birthdate: ADULT_BIRTHDATE },
            token: user.token,
          })
        ).status,
      ).toBe(200);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/sign-in`);
    const card = page.locator('[class*="card"]').first();
    await card.getByLabel('Email').fill(email);
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('banner').getByText(email).waitFor({ timeout: 20_000 });
    return page;
  }

  async function chat(page: Page, text: string): Promise<void> {
    await page.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await reply.getByText(ORDINARY_REPLY).waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
  }

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    model = await startFakeChatServer(boundaryModel());
    app = await startStandaloneApp('creator_review', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-review',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    db = await connectToStandaloneDatabase(app.dataDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await model?.close();
  });

  it("a fan who turned sampling off in the memory panel is not sampled; another fan's reply is", async () => {
    const shy = await signedIn(`shy.${stamp}@example.com`, true);
    await chat(shy, 'Hello!');
    const panel = shy.getByTestId('memory-panel');
    await panel.getByText(/remembers$/).click();
    const toggle = panel.getByRole('switch', { name: 'Let creators review replies to me' });
    await toggle.waitFor({ timeout: 20_000 });
    expect(await toggle.isChecked()).toBe(true);
    await panel.getByText('without your name or personal details', { exact: false }).waitFor();
    // A controlled switch: it shows off once the server has it.
    await toggle.click();
    await panel.getByRole('switch', { name: 'Let creators review replies to me', checked: false }).waitFor();
    await screenshotAtBothWidths(shy, shotsDir, '01-fan-turns-sampling-off');
    await chat(shy, SHY_QUESTION);
    await shy.context().close();

    const fan = await signedIn(`fan.${stamp}@example.com`, true);
    await chat(fan, QUESTION);
    await fan.context().close();

    // Sampled when the reply completed (a row), not when anyone opens a page.
    const rows = async () =>
      (await db.query(`SELECT question FROM chat_inference.reply_samples ORDER BY "sampledAt"`)).rows.map(
        (row: { question: string }) => row.question,
      );
    for (let attempt = 0; !(await rows()).includes(QUESTION); attempt++) {
      if (attempt > 50) throw new Error('the reply was never sampled');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await rows()).toEqual([QUESTION]);
  });

  it('the creator gives the reply a thumbs down and corrects it; the answer is in /creator/knowledge', async () => {
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, codeFor);
    await handDemoCreatorTo(db, DEMO, creator.userId);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/sign-in`);
    const card = page.locator('[class*="card"]').first();
    await card.getByLabel('Email').fill(creatorEmail);
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('banner').getByText(creatorEmail).waitFor({ timeout: 20_000 });

    await page.goto(`${app.origin}/creator/preview`);
    const review = page.getByRole('region', { name: 'Recent replies' });
    const sample = review.getByTestId('reply-sample');
    await sample.getByText(QUESTION).waitFor({ timeout: 20_000 });
    await sample.getByText(ORDINARY_REPLY).waitFor();
    expect(await review.getByText(SHY_QUESTION).count()).toBe(0);
    expect(await sample.count()).toBe(1);
    await expect(review.getByTestId('sample-counts').innerText()).resolves.toMatch(/0 good\s*0 bad/);

    await sample.getByRole('button', { name: 'Bad reply' }).click();
    await review.getByTestId('sample-counts').getByText('1 bad').waitFor({ timeout: 20_000 });
    await sample.getByRole('link', { name: 'Correct this' }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, '02-creator-reviews-recent-replies');
    expect(
      (await db.query(`SELECT rating FROM chat_inference.reply_samples WHERE question = $1`, [QUESTION]))
        .rows,
    ).toEqual([{ rating: 'down' }]);

    await sample.getByRole('link', { name: 'Correct this' }).click();
    await page.waitForURL(/\/creator\/knowledge\?correct=/);
    const answers = page.getByRole('region', { name: 'Corrected answers' });
    await expect(answers.getByLabel('Question').inputValue()).resolves.toBe(QUESTION);
    await answers.getByLabel('Your answer').fill(ANSWER);
    await screenshotAtBothWidths(page, shotsDir, '03-correct-this-from-a-sampled-reply');
    await answers.getByRole('button', { name: 'Save answer' }).click();
    await answers.getByText(ANSWER).waitFor({ timeout: 20_000 });

    await page.goto(`${app.origin}/creator/knowledge`);
    await page
      .getByRole('region', { name: 'Corrected answers' })
      .getByText(QUESTION)
      .waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Corrected answers' }).getByText(ANSWER).waitFor();
    // The rating stays: the count reads the same after a reload of /creator/preview.
    await page.goto(`${app.origin}/creator/preview`);
    await page.getByTestId('sample-counts').getByText('1 bad').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
