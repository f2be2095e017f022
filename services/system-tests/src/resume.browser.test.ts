import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  answerAgeQuestion,
  chromiumProblem,
  launchChromium,
  screenshotAtBothWidths,
  signedInPage,
} from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { startPacedOpenAiServer } from './paced-model';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
/** 200 words at 100 ms: a reply streams for about 20 s, long enough to close a tab in it. */
const WORDS = 200;
const REPLY = Array.from({ length: WORDS }, (_, index) => `w${index}`).join(' ');
const shotsDir =
  process.env.RESUME_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-resume-shots-'));

/**
 * Replies that resume anywhere in Chromium against standalone mode (issue 24 item 3, "Done when"):
 * a fan closes the tab mid-reply and, on reopening the chat, sees the whole reply continue; so does
 * a second browser context of the same account; each word once. Screenshots at 1280 and 390 px go
 * to RESUME_SHOTS_DIR (default: a temp folder).
 */
describeWhenAvailable('Chromium', chromiumProblem(), 'browser: replies that resume anywhere', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let browser: Browser;
  const email = `resume.${Date.now()}@example.com`;
  const call = gatewayHttp(() => app.origin);

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 300, interTokenDelayMs: 100 });
    app = await startStandaloneApp('resume', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'paced',
      LLM_BASE_URL: paced.url,
      OPENAI_API_KEY: 'sk-test-resume',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    await signUpAccount(call, email, PASSWORD, (to) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await paced?.close();
  });

  const reply = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  /** The words of the reply shown now. */
  const wordsOf = async (page: Page) => ((await reply(page).textContent()) ?? '').match(/w\d+/g) ?? [];

  /** The page follows the reply live: typing shows, part of the reply is there and it grows. */
  async function expectLive(page: Page): Promise<void> {
    await page.getByRole('status', { name: /is typing/ }).waitFor({ timeout: 20_000 });
    const before = (await wordsOf(page)).length;
    expect(before).toBeLessThan(WORDS);
    const deadline = Date.now() + 10_000;
    while ((await wordsOf(page)).length <= before) {
      if (Date.now() > deadline) throw new Error('the reply shown did not grow: not followed live');
      await page.waitForTimeout(100);
    }
  }

  async function openChat(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(page);
    return page;
  }

  it('a tab closed mid-reply: reopened, and in a second context of the account, the whole reply continues, each word once', async () => {
    const first = await signedInPage(browser, app.origin, email, PASSWORD);
    const second = await signedInPage(browser, app.origin, email, PASSWORD);
    const tab = await openChat(first.context);
    const box = tab.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me a long story');
    await box.press('Enter');
    await reply(tab).getByText(/w5\b/).waitFor({ timeout: 30_000 });
    await tab.close();

    // Reopened, and on a second context of the account, the reply is still streaming when shown.
    const reopened = await openChat(first.context);
    await expectLive(reopened);
    const other = await openChat(second.context);
    await expectLive(other);
    await screenshotAtBothWidths(other, shotsDir, '01-resumed-mid-reply');
    for (const page of [reopened, other]) {
      await reply(page)
        .getByText(new RegExp(`w${WORDS - 1}\\b`))
        .waitFor({ timeout: 40_000 });
      await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'hidden', timeout: 10_000 });
      const words = await wordsOf(page);
      expect(words.join(' ')).toBe(REPLY);
    }
    await screenshotAtBothWidths(reopened, shotsDir, '02-resumed-complete');
    // A reload after the end shows the stored reply, whole.
    await reopened.reload();
    await reply(reopened)
      .getByText(new RegExp(`w${WORDS - 1}\\b`))
      .waitFor({ timeout: 20_000 });
    expect((await wordsOf(reopened)).join(' ')).toBe(REPLY);
    await first.context.close();
    await second.context.close();
  });
});
