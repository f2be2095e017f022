import { describeWhenAvailable, type FakeChatServer, startFakeChatServer } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { memoryModel } from './memory-model';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * Memory the fan controls in Chromium against standalone mode (issue 24 item 2): a guest fan tells
 * the persona their name; the memory job (the scripted model) keeps it; in a new chat (the header's
 * "New chat") the persona's prompt holds it and the greeting uses it; the fan deletes it in
 * "What … remembers" and the persona no longer knows it. The chat model is a scripted OpenAI-compatible server
 * (memoryModel). Screenshots at 1280 and 390 px go to MEMORY_SHOTS_DIR (default: a temp folder).
 */
const DEMO = 'demo.creator';
const NAME_FACT = "The fan's name is Sam.";
const shotsDir =
  process.env.MEMORY_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-memory-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: memory the fan controls', () => {
  let app: StandaloneApp;
  let model: FakeChatServer;
  let browser: Browser;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    model = await startFakeChatServer(memoryModel());
    app = await startStandaloneApp('memory', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-memory',
      MODERATION_PROVIDER: 'none',
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await model?.close();
  });

  const lastReply = (page: Page) =>
    page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  async function send(page: Page, text: string, expected: string | RegExp): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    await lastReply(page).getByText(expected).waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
  }
  /** Opens "What … remembers" (after a reload, so the list is asked for afresh). */
  async function openMemory(page: Page) {
    const panel = page.getByTestId('memory-panel');
    await panel.getByText(/remembers$/).click();
    return panel;
  }

  it('remembers the fan’s name for the next visit, and forgets it when the fan deletes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(page);
    await send(page, 'Hi! My name is Sam and I love sourdough.', /What's your name\?/);

    // The memory job runs after the turn: the list shows the name once it has.
    let panel = await openMemory(page);
    for (let attempt = 0; !(await panel.getByText(NAME_FACT).isVisible()); attempt++) {
      if (attempt > 20) throw new Error('the name was never remembered');
      await page.waitForTimeout(500);
      await page.reload();
      panel = await openMemory(page);
      await panel.getByTestId('memory-list').waitFor({ timeout: 20_000 });
    }
    await panel.getByText('The fan loves sourdough.').waitFor();
    await screenshotAtBothWidths(page, shotsDir, '01-what-the-persona-remembers');

    // A new visit: the fan starts a new chat (the header's "New chat", opened at ?c=<new id>). It is
    // a different, empty conversation; the persona's prompt holds the name, and its greeting uses it.
    const firstChat = new URL(page.url()).searchParams.get('c');
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/@${DEMO}` && ![null, firstChat].includes(url.searchParams.get('c')),
    );
    await page.getByText(/^Say hi to /).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('chat-message').count()).toBe(0);
    await send(page, 'Do you remember me?', 'Welcome back, Sam!');
    expect(await page.getByText('Hi! My name is Sam and I love sourdough.').count()).toBe(0);
    expect(await page.getByTestId('chat-message').count()).toBe(2);
    const greeting = model.requests.filter((request) => request.stream).at(-1);
    expect(greeting?.messages[0].content).toContain(`- ${NAME_FACT}`);
    expect(greeting?.messages.filter((message) => message.role === 'user').map((m) => m.content)).toEqual([
      'Do you remember me?',
    ]);
    await screenshotAtBothWidths(page, shotsDir, '02-greeted-by-name');

    // The fan deletes the name: it is gone from the list and from the persona's prompt.
    await page.reload();
    panel = await openMemory(page);
    await panel.getByRole('button', { name: `Delete: ${NAME_FACT}` }).click();
    await panel.getByText(NAME_FACT).waitFor({ state: 'detached', timeout: 20_000 });
    await panel.getByText('The fan loves sourdough.').waitFor();
    await screenshotAtBothWidths(page, shotsDir, '03-name-deleted');
    await page.reload();
    await send(page, 'Do you know who I am?', /What's your name\?/);
    const after = model.requests.filter((request) => request.stream).at(-1)?.messages[0].content ?? '';
    expect(after).not.toContain('Sam');
    await context.close();
  });
});
