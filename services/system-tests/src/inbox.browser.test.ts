import { describeWhenAvailable, startTestSmtpServer, type TestSmtpServer, waitFor } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Client } from 'pg';
import {
  answerAgeQuestion,
  chromiumProblem,
  launchChromium,
  screenshotAtBothWidths,
  signedInPage,
} from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Issue 23 item 5 in Chromium against standalone mode: a fan lets the creator read their chat;
 * the creator finds it on /creator/inbox, replies in person, and the fan's open page shows the
 * message at once (no reload) under the creator's in-person label; 'Hand back' ends the mode on the
 * fan's page too. The fan turns consent off and the creator can no longer read the conversation.
 * With the fan's chat closed, an in-person reply is emailed. Screenshots at 1280 and 390 px go to
 * INBOX_SHOTS_DIR (default: a temp folder).
 *
 * The creator is the demo creator handed to a signed-up user in the database (as in
 * reports.browser.test: fans chat with it without Stripe onboarding).
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const shotsDir =
  process.env.INBOX_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-inbox-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: in-person replies', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let db: Client;
  const stamp = Date.now();
  const fanEmail = `fan.${stamp}@example.com`;
  const creatorEmail = `creator.${stamp}@example.com`;
  const call = gatewayHttp(() => app.origin);
  let fan: { userId: string; token: string };
  let creatorToken: string;
  let creatorId: string;
  let persona: string;
  let conversationId: string;
  let fanContext: BrowserContext;
  let fanPage: Page;
  let creatorPage: Page;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    app = await startStandaloneApp('inbox', {
      LLM_PROVIDER: 'local',
      LLM_MAX_TOKENS: '16',
      SMTP_URL: smtp.url,
    });
    const codeFor = (to: string) => smtp.waitFor(to, /Your code is (\d{6})/, 20_000);
    fan = await signUpAccount(call, fanEmail, PASSWORD, codeFor);
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, codeFor);
    creatorToken = creator.token;
    db = await connectToStandaloneDatabase(app.dataDir);
    const row = await handDemoCreatorTo(db, DEMO, creator.userId);
    creatorId = row.id;
    persona = row.nickName;
    browser = await launchChromium();
    ({ context: fanContext, page: fanPage } = await signedInPage(browser, app.origin, fanEmail, PASSWORD));
    ({ page: creatorPage } = await signedInPage(browser, app.origin, creatorEmail, PASSWORD));
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  const toggle = (page: Page) =>
    page.getByRole('checkbox', { name: /read this conversation and reply in person/ });
  const inPersonMessages = (page: Page) => page.getByTestId('in-person-message');

  it('the toggle is off by default, and the inbox is empty while no fan allows reading', async () => {
    await fanPage.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(fanPage);
    const box = fanPage.getByRole('textbox', { name: 'Message' });
    await box.fill('Do you ever read these chats yourself?');
    await box.press('Enter');
    await fanPage
      .locator('[data-testid="chat-message"][data-role="assistant"]')
      .first()
      .waitFor({ timeout: 60_000 });
    await fanPage.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
    await toggle(fanPage).waitFor({ timeout: 20_000 });
    expect(await toggle(fanPage).isChecked()).toBe(false);
    await expect(toggle(fanPage).evaluate((input) => input.parentElement?.textContent)).resolves.toBe(
      `Let ${persona} read this conversation and reply in person`,
    );
    conversationId = (
      await db.query(`SELECT id FROM chat_inference.conversations WHERE owner = $1`, [fan.userId])
    ).rows[0].id;

    await creatorPage.goto(`${app.origin}/creator/inbox`);
    await creatorPage.getByTestId('inbox-empty').waitFor({ timeout: 20_000 });
    await screenshotAtBothWidths(creatorPage, shotsDir, '01-creator-inbox-empty');
    // Without consent the thread is not readable, not even by the persona's own creator.
    const refused = await call(`/api/creators/${creatorId}/inbox/${conversationId}`, { token: creatorToken });
    expect(refused.status).toBe(404);
  });

  it("the fan allows reading; the creator's in-person reply appears on the fan's open page without a reload", async () => {
    await toggle(fanPage).check();
    await waitFor(
      async () =>
        (await call(`/api/conversations/${conversationId}/in-person`, { token: fan.token })).body
          .creatorMayRead === true || undefined,
      { timeoutMs: 10_000 },
    );
    await screenshotAtBothWidths(fanPage, shotsDir, '02-fan-allows-reading');
    // A navigation marker: a reload would lose it.
    await fanPage.evaluate('window.stillHere = true');

    await creatorPage.reload();
    const item = creatorPage.getByTestId('inbox-conversation');
    await item.waitFor({ timeout: 20_000 });
    // Named by a label of the conversation, never the fan's email; the preview is the newest message (the reply).
    await expect(item.innerText()).resolves.toMatch(/^Fan [0-9A-F]{6}/);
    expect(await item.innerText()).not.toContain(fanEmail);
    await screenshotAtBothWidths(creatorPage, shotsDir, '03-creator-inbox-list');
    await item.click();
    const thread = creatorPage.getByTestId('inbox-thread');
    await thread.getByText('Do you ever read these chats yourself?').waitFor({ timeout: 20_000 });
    await creatorPage
      .getByRole('textbox', { name: 'Your reply in person' })
      .fill('Yes, this is really me. Thanks for asking!');
    await creatorPage.getByRole('button', { name: 'Send in person' }).click();
    await thread.getByText('Yes, this is really me. Thanks for asking!').waitFor({ timeout: 20_000 });
    await creatorPage.getByRole('button', { name: `Hand back to ${persona}` }).waitFor();
    await screenshotAtBothWidths(creatorPage, shotsDir, '04-creator-thread-replied');

    const message = inPersonMessages(fanPage);
    await message.waitFor({ timeout: 20_000 });
    expect(await message.innerText()).toBe('Yes, this is really me. Thanks for asking!');
    await expect(fanPage.getByTestId('in-person-label').innerText()).resolves.toBe(`${persona} · in person`);
    await fanPage.getByTestId('in-person-banner').waitFor();
    expect(await fanPage.evaluate('window.stillHere === true')).toBe(true);
    await screenshotAtBothWidths(fanPage, shotsDir, '05-fan-sees-in-person-reply');

    // Stored with its own role: never one of the persona's replies.
    const roles = (
      await db.query(
        `SELECT role FROM chat_inference.messages WHERE "conversationId" = $1 ORDER BY "createdAt"`,
        [conversationId],
      )
    ).rows.map((row: { role: string }) => row.role);
    expect(roles.at(-1)).toBe('creator');
    // Seen the same after a reload.
    await fanPage.reload();
    await inPersonMessages(fanPage).waitFor({ timeout: 20_000 });
  });

  it("while the creator holds the chat, the persona is paused: the fan's message reaches the creator's open thread live, uncharged and unanswered", async () => {
    const line = fanPage.getByTestId('in-person-line');
    await line.waitFor({ timeout: 20_000 });
    expect(await line.innerText()).toBe(
      `${persona} is replying in person. Their AI persona is paused until they hand the chat back.`,
    );
    const counted = async () =>
      Number(
        (
          await db.query(
            `SELECT coalesce(sum("queryCount"), 0) AS n FROM chat_inference.user_rate_limits WHERE "userId" = $1`,
            [fan.userId],
          )
        ).rows[0].n,
      );
    const before = await counted();
    const box = fanPage.getByRole('textbox', { name: 'Message' });
    await box.fill('Wow, is it really you? What camera do you use?');
    await box.press('Enter');
    // The creator's thread, open since the reply, shows it without a reload.
    await creatorPage
      .getByTestId('inbox-thread')
      .getByText('Wow, is it really you? What camera do you use?')
      .waitFor({ timeout: 20_000 });
    // The list beside it follows: the conversation's preview is the fan's new message.
    await creatorPage
      .getByTestId('inbox-conversation')
      .getByText('Wow, is it really you? What camera do you use?')
      .waitFor({ timeout: 10_000 });
    await fanPage.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 20_000 });
    await screenshotAtBothWidths(fanPage, shotsDir, '05b-fan-writes-while-in-person');
    await screenshotAtBothWidths(creatorPage, shotsDir, '05c-creator-thread-live-fan-message');
    const roles = (
      await db.query(
        `SELECT role FROM chat_inference.messages WHERE "conversationId" = $1 ORDER BY "createdAt", id`,
        [conversationId],
      )
    ).rows.map((row: { role: string }) => row.role);
    // Stored, and no reply of the persona's after it; nothing counted toward the free tier.
    expect(roles.slice(-2)).toEqual(['creator', 'user']);
    expect(await counted()).toBe(before);
    expect(await fanPage.locator('[data-testid="chat-message"][data-role="assistant"]').count()).toBe(1);
    // The creator's thread may watch the conversation's events while the fan allows reading.
    const events = new AbortController();
    const watched = await fetch(`${app.origin}/api/conversations/${conversationId}/events`, {
      headers: { authorization: `Bearer ${creatorToken}`, accept: 'text/event-stream' },
      signal: events.signal,
    });
    expect(watched.status).toBe(200);
    events.abort();
  });

  it("'Hand back' ends the in-person mode on the fan's open page, and the persona answers again", async () => {
    await fanPage.getByTestId('in-person-banner').waitFor({ timeout: 20_000 });
    await creatorPage.getByRole('button', { name: `Hand back to ${persona}` }).click();
    await creatorPage
      .getByRole('button', { name: `Hand back to ${persona}` })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await fanPage.getByTestId('in-person-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await fanPage.getByTestId('in-person-line').waitFor({ state: 'detached', timeout: 20_000 });
    const box = fanPage.getByRole('textbox', { name: 'Message' });
    await box.fill('Thanks! Back to you, persona.');
    await box.press('Enter');
    await fanPage
      .locator('[data-testid="chat-message"][data-role="assistant"]')
      .nth(1)
      .waitFor({ timeout: 60_000 });
    await fanPage.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('at 390 px the inbox is a list, then the thread with a way back', async () => {
    await creatorPage.setViewportSize({ width: 390, height: 844 });
    await creatorPage.goto(`${app.origin}/creator/inbox`);
    await creatorPage.getByTestId('inbox-conversation').waitFor({ timeout: 20_000 });
    expect(await creatorPage.getByTestId('inbox-thread').count()).toBe(0);
    await creatorPage.getByTestId('inbox-conversation').click();
    await creatorPage.getByTestId('inbox-thread').waitFor({ timeout: 20_000 });
    expect(await creatorPage.getByTestId('inbox-conversation').isVisible()).toBe(false);
    await creatorPage.getByRole('button', { name: '← All conversations' }).click();
    await creatorPage.getByTestId('inbox-conversation').waitFor({ timeout: 20_000 });
    await creatorPage.setViewportSize({ width: 1280, height: 900 });
  });

  it('a fan with the chat closed is emailed about an in-person reply', async () => {
    await fanContext.close();
    // The closed page's watch ends (its row is gone) before the creator writes.
    await waitFor(
      async () =>
        Number(
          (
            await db.query(
              `SELECT count(*) FROM chat_inference.conversation_watches WHERE "conversationId" = $1`,
              [conversationId],
            )
          ).rows[0].count,
        ) === 0 || undefined,
      { timeoutMs: 90_000 },
    );
    const sent = await call(`/api/creators/${creatorId}/inbox/${conversationId}/replies`, {
      token: creatorToken,
      body: { text: 'Writing again while you are away.' },
    });
    expect(sent.status).toBe(201);
    const mail = await smtp.waitFor(fanEmail, /(replied to you in person)/, 20_000);
    expect(mail).toBe('replied to you in person');
  });

  it('the fan turns consent off: the creator can no longer read the conversation', async () => {
    ({ context: fanContext, page: fanPage } = await signedInPage(browser, app.origin, fanEmail, PASSWORD));
    await fanPage.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(fanPage);
    await toggle(fanPage).waitFor({ timeout: 20_000 });
    expect(await toggle(fanPage).isChecked()).toBe(true);
    await toggle(fanPage).uncheck();
    await waitFor(
      async () =>
        (await call(`/api/conversations/${conversationId}/in-person`, { token: fan.token })).body
          .creatorMayRead === false || undefined,
      { timeoutMs: 10_000 },
    );

    await creatorPage.goto(`${app.origin}/creator/inbox/${conversationId}`);
    await creatorPage.getByRole('alert').waitFor({ timeout: 20_000 });
    await creatorPage.getByTestId('inbox-empty').waitFor({ timeout: 20_000 });
    await screenshotAtBothWidths(creatorPage, shotsDir, '06-creator-consent-withdrawn');
    expect(
      (await call(`/api/creators/${creatorId}/inbox/${conversationId}`, { token: creatorToken })).status,
    ).toBe(404);
    const late = await call(`/api/creators/${creatorId}/inbox/${conversationId}/replies`, {
      token: creatorToken,
      body: { text: 'Can I still write?' },
    });
    expect(late.status).toBe(404);
    // Nor may the creator follow its events any more.
    expect((await call(`/api/conversations/${conversationId}/events`, { token: creatorToken })).status).toBe(
      404,
    );
    // A fan is never the creator: the inbox is the persona's own creator's alone.
    expect((await call(`/api/creators/${creatorId}/inbox`, { token: fan.token })).status).toBe(403);
  });
});
