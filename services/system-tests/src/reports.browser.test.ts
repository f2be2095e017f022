import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer, waitFor } from '@backtalk/testing';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Client } from 'pg';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { repoRoot } from './processes';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Issue 22 items 6 and 7 in Chromium against standalone mode: a fan sees the AI notice and the
 * 'AI' label, reports a reply; an admin finds it on /admin/reports and hides the message (the fan
 * then sees 'This message was hidden'), then pauses the persona on a second report (the fan's
 * chat says it is paused and has no message box); the creator sees both reports on
 * /creator/safety with an anonymous label and never the fan's id, and resumes the persona.
 * Screenshots at 1280 and 390 px go to REPORTS_SHOTS_DIR (default: a temp folder).
 *
 * The creator: fans can only chat with an initialised creator whose payments are set up, which
 * takes Stripe; the demo creator (whom fans reach without that) is handed to a signed-up user in
 * the database, which is what the test needs of "a creator with a persona fans chat with".
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const shotsDir =
  process.env.REPORTS_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-reports-shots-'));

describeWhenAvailable(
  'Chromium',
  chromiumProblem(),
  'browser: reports, their actions and the creator view',
  () => {
    let app: StandaloneApp;
    let smtp: TestSmtpServer;
    let browser: Browser;
    let db: Client;
    const stamp = Date.now();
    const adminEmail = `ops.${stamp}@example.com`;
    const creatorEmail = `creator.${stamp}@example.com`;
    const call = gatewayHttp(() => app.origin);
    let fanPage: Page;

    beforeAll(async () => {
      fs.mkdirSync(shotsDir, { recursive: true });
      smtp = await startTestSmtpServer();
      app = await startStandaloneApp('reports', {
        LLM_PROVIDER: 'local',
        LLM_MAX_TOKENS: '16',
        SMTP_URL: smtp.url,
      });
      const codeFor = (to: string) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000);
      await signUpAccount(call, adminEmail, PASSWORD, codeFor);
      const creator = await signUpAccount(call, creatorEmail, PASSWORD, codeFor);
      await promisify(execFile)(
        process.execPath,
        [path.join(repoRoot, 'services/standalone/dist/main.js'), 'make-admin', adminEmail],
        { env: { ...process.env, BACKTALK_DATA_DIR: app.dataDir, LOG_LEVEL: 'silent' } },
      );
      db = await connectToStandaloneDatabase(app.dataDir);
      await handDemoCreatorTo(db, DEMO, creator.userId);
      browser = await launchChromium();
      const fanContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      fanPage = await fanContext.newPage();
    });

    afterAll(async () => {
      await db?.end();
      await browser?.close();
      await app?.stop();
      await smtp?.close();
    });

    async function signedInPage(email: string): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.origin}/sign-in`);
      const card = page.locator('[class*="card"]').first();
      await card.getByLabel('Email').fill(email);
      await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await card.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('banner').getByText(email).waitFor({ timeout: 20_000 });
      return { context, page };
    }

    const replies = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

    async function sendAndWaitForReply(text: string, count: number): Promise<void> {
      const box = fanPage.getByRole('textbox', { name: 'Message' });
      await box.fill(text);
      await box.press('Enter');
      await replies(fanPage)
        .nth(count - 1)
        .waitFor({ timeout: 60_000 });
      await fanPage
        .getByRole('status', { name: /is typing/ })
        .waitFor({ state: 'detached', timeout: 60_000 });
    }

    async function reportLatestReply(reason: string, note: string): Promise<void> {
      const reports = fanPage.getByRole('button', { name: 'Report this reply' });
      await reports.last().click();
      const dialog = fanPage.getByRole('dialog', { name: 'Report this reply' });
      await dialog.getByLabel(reason).check();
      await dialog.getByLabel('Anything else we should know? (optional)').fill(note);
      return dialog.getByRole('button', { name: 'Send report' }).click();
    }

    /** What the admin queue shows of the newest open report, once it appears. */
    async function adminOpenReport(page: Page) {
      await page.goto(`${app.origin}/admin/reports`);
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor({ timeout: 20_000 });
      const card = page.getByTestId('admin-report').first();
      await card.waitFor({ timeout: 20_000 });
      return card;
    }

    it('a fan sees the AI notice and label, and reports a reply', async () => {
      await fanPage.goto(`${app.origin}/@${DEMO}`);
      await answerAgeQuestion(fanPage);
      const notice = fanPage.getByTestId('ai-persona-notice');
      await notice.waitFor({ timeout: 20_000 });
      await expect(notice.innerText()).resolves.toMatch(
        /This is an AI persona of .+ It can be wrong|can be wrong/,
      );
      await screenshotAtBothWidths(fanPage, shotsDir, '01-fan-ai-notice');
      // The notice's link explains how the persona works.
      await notice.getByRole('link', { name: 'How the persona works' }).click();
      await fanPage.getByRole('heading', { level: 1, name: 'How a Backtalk persona works' }).waitFor();
      await screenshotAtBothWidths(fanPage, shotsDir, '01-how-it-works');
      await fanPage.goBack();
      await notice.waitFor({ timeout: 20_000 });
      await sendAndWaitForReply('Tell me a story', 1);
      await fanPage.getByText('AI', { exact: true }).first().waitFor();

      await fanPage.getByRole('button', { name: 'Report this reply' }).last().click();
      const dialog = fanPage.getByRole('dialog', { name: 'Report this reply' });
      await dialog.getByLabel('Harmful or dangerous').check();
      await screenshotAtBothWidths(fanPage, shotsDir, '02-fan-report-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await reportLatestReply('Harmful or dangerous', 'It said something dangerous.');
      await fanPage.getByText('Thanks. Backtalk will review this reply.').waitFor();
      await fanPage.getByRole('button', { name: 'Close' }).click();
      await fanPage.getByRole('button', { name: 'Reply reported' }).waitFor();

      // Dismissed once, the notice stays away for this creator.
      await fanPage.getByTestId('ai-persona-notice').getByRole('button', { name: 'Got it' }).click();
      await fanPage.reload();
      await replies(fanPage).first().waitFor();
      expect(await fanPage.getByTestId('ai-persona-notice').count()).toBe(0);
    });

    it('an admin sees the report with the turns around it and hides the message; the fan sees it hidden', async () => {
      const { context, page } = await signedInPage(adminEmail);
      const card = await adminOpenReport(page);
      await expect(card.innerText()).resolves.toContain('Harmful or dangerous');
      await expect(card.innerText()).resolves.toContain('Tell me a story');
      await expect(card.innerText()).resolves.toContain('It said something dangerous.');
      await screenshotAtBothWidths(page, shotsDir, '03-admin-reports');
      await card.getByRole('button', { name: 'Hide message' }).click();
      await page.getByText('No reports match these filters.').waitFor({ timeout: 20_000 });
      await page.getByLabel('State').selectOption('actioned');
      await page.getByTestId('admin-report').first().getByText('Message hidden').waitFor({ timeout: 20_000 });
      await context.close();

      await fanPage.reload();
      await fanPage.getByText('This message was hidden').waitFor({ timeout: 20_000 });
      await screenshotAtBothWidths(fanPage, shotsDir, '04-fan-message-hidden');

      // Reversible: the admin unhides it on the closed report, and the fan reads the reply again.
      const again = await signedInPage(adminEmail);
      await again.page.goto(`${app.origin}/admin/reports`);
      await again.page.getByLabel('State').selectOption('actioned');
      const closed = again.page.getByTestId('admin-report').first();
      await closed.getByRole('button', { name: 'Unhide message' }).click();
      await closed
        .getByRole('button', { name: 'Unhide message' })
        .waitFor({ state: 'detached', timeout: 20_000 });
      await expect(closed.innerText()).resolves.toContain('Message hidden'); // the report keeps its action
      await again.context.close();
      await fanPage.reload();
      await fanPage.getByText('Tell me a story').first().waitFor({ timeout: 20_000 });
      expect(await fanPage.getByText('This message was hidden').count()).toBe(0);
    });

    it('an admin pauses the persona on a second report; the fan cannot send', async () => {
      await sendAndWaitForReply('And another one', 2);
      await reportLatestReply('False about the creator', 'Not true.');
      await fanPage.getByText('Thanks. Backtalk will review this reply.').waitFor();
      await fanPage.getByRole('button', { name: 'Close' }).click();

      const { context, page } = await signedInPage(adminEmail);
      const card = await adminOpenReport(page);
      await expect(card.innerText()).resolves.toContain('False about the creator');
      await card.getByRole('button', { name: 'Pause persona' }).click();
      await page.getByText('No reports match these filters.').waitFor({ timeout: 20_000 });
      await context.close();

      await fanPage.reload();
      await fanPage.getByTestId('persona-paused').waitFor({ timeout: 20_000 });
      expect(await fanPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
      await screenshotAtBothWidths(fanPage, shotsDir, '05-fan-persona-paused');
    });

    it("the creator sees both reports anonymised on /creator/safety, never the fan's id, and resumes the persona", async () => {
      const fanIds = (
        await db.query(`SELECT DISTINCT reporter FROM chat_inference.message_reports`)
      ).rows.map((row: { reporter: string }) => row.reporter);
      expect(fanIds).toHaveLength(1);
      const { context, page } = await signedInPage(creatorEmail);
      await page.goto(`${app.origin}/creator/safety`);
      const reports = page.getByTestId('creator-report');
      await reports.nth(1).waitFor({ timeout: 20_000 });
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/Fan [0-9A-F]{6}/);
      expect(text).not.toContain(fanIds[0]);
      expect(text).not.toContain('It said something dangerous.');
      await expect(page.getByTestId('persona-state').innerText()).resolves.toContain('paused');
      await screenshotAtBothWidths(page, shotsDir, '06-creator-safety');
      await page.getByRole('button', { name: 'Resume persona' }).click();
      await page.getByRole('button', { name: 'Pause persona' }).waitFor({ timeout: 20_000 });
      await context.close();

      // Creators hand the change to chat-inference durably: the fan can send again.
      await fanPage.reload();
      await fanPage.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 });
      await waitFor(
        async () => {
          const before = await replies(fanPage).count();
          await sendAndWaitForReply('Back again', before + 1).catch(() => undefined);
          return (await replies(fanPage).count()) > before || undefined;
        },
        { timeoutMs: 60_000, intervalMs: 1000, what: 'a send after the persona was resumed' },
      );
    });
  },
);
