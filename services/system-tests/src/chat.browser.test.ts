import type { Browser, Page } from 'playwright-core';
import { describeWhenAvailable } from '@backtalk/testing';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';
import { connectToStandaloneDatabase } from './service-databases';

/**
 * A newcomer's path through the real product in Chromium: standalone mode,
 * embedded PostgreSQL, demo creators, and a real local model
 * (../shared/models/stories260K.gguf: it tells stories, it does not follow
 * instructions, so these tests check mechanics, not answer quality).
 */
const FREE_TIER_MESSAGES = 2;
/** Where the screenshots of the screens these tests pass through go (none when unset). */
const shotsDir = process.env.CHAT_SHOTS_DIR;

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: a newcomer chats with a demo creator', () => {
  let app: StandaloneApp;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    app = await startStandaloneApp('browser', {
      LLM_PROVIDER: 'local',
      LLM_MAX_TOKENS: '32',
      FREE_TIER_MESSAGES: String(FREE_TIER_MESSAGES),
    });
    baseUrl = app.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    return context.newPage();
  }

  async function sendAndWaitForReply(page: Page, text: string, replies: number): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    const assistant = page.locator('[data-testid="chat-message"][data-role="assistant"]');
    await assistant.nth(replies - 1).waitFor({ timeout: 60_000 });
    // The typing indicator stays until a fragment with a stop reason arrives.
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
  }

  it('opens /, clicks "Try Backtalk now!", sends a message, sees a streamed reply, and finds it again after a reload', async () => {
    const page = await newPage();
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: /DMs that actually answer back/ }).waitFor();
    await page.getByText('Try Backtalk now!').first().click();
    await page.waitForURL(/\/@demo\.creator$/);
    await answerAgeQuestion(page);
    await page.getByTestId('welcome-overlay').waitFor();

    await sendAndWaitForReply(page, 'Once upon a time', 1);
    await page.getByTestId('welcome-overlay').waitFor({ state: 'detached' });
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
    const replyText = (await reply.innerText()).trim();
    expect(replyText.length).toBeGreaterThan(0);

    await page.reload();
    const messages = page.locator('[data-testid="chat-message"]');
    await messages.nth(1).waitFor();
    expect(await messages.count()).toBe(2);
    await expect(messages.nth(0).innerText()).resolves.toContain('Once upon a time');
    expect((await messages.nth(1).innerText()).trim()).toBe(replyText);
    await page.context().close();
  });

  it('sends a message typed and entered before the conversation is open, once it opens, and shows the reply', async () => {
    const page = await newPage();
    // Hold the conversation open so Enter surely comes first, however fast this machine is.
    let releaseOpen!: () => void;
    const openHeld = new Promise<void>((resolve) => (releaseOpen = resolve));
    await page.route(/\/api\/conversations$/, async (route) => {
      await openHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/@demo.creator`);
    await answerAgeQuestion(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me a story at once');
    await box.press('Enter');
    await page.getByText('your message will be sent as soon as it is ready').waitFor();
    expect(await page.locator('[data-testid="chat-message"]').count()).toBe(0);

    releaseOpen();
    const user = page.locator('[data-testid="chat-message"][data-role="user"]');
    await user.first().waitFor({ timeout: 30_000 });
    await expect(user.first().innerText()).resolves.toContain('Tell me a story at once');
    const assistant = page.locator('[data-testid="chat-message"][data-role="assistant"]');
    await assistant.first().waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
    expect((await assistant.first().innerText()).trim().length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('loads a conversation longer than one page newest first, and older pages at the top, keeping the view', async () => {
    const page = await newPage();
    const opened = page.waitForResponse((response) => /\/api\/conversations$/.test(response.url()));
    await page.goto(`${baseUrl}/@demo.creator`);
    await answerAgeQuestion(page);
    const conversationId = ((await (await opened).json()) as { id: string }).id;
    await page.getByTestId('welcome-overlay').waitFor();

    // 120 stored messages (two pages of 50 and one of 20), written as the chat service stores them.
    const db = await connectToStandaloneDatabase(app.dataDir);
    try {
      await db.query(
        `INSERT INTO chat_inference.messages ("id", "conversationId", "owner", "role", "content", "createdAt")
         SELECT gen_random_uuid(), c.id, c.owner, CASE WHEN n % 2 = 1 THEN 'user' ELSE 'assistant' END,
                jsonb_build_array(jsonb_build_object('text', 'stored message ' || n)),
                now() - make_interval(mins => 200 - n)
         FROM chat_inference.conversations c, generate_series(1, 120) AS n WHERE c.id = $1`,
        [conversationId],
      );
    } finally {
      await db.end();
    }

    await page.reload();
    const messages = page.locator('[data-testid="chat-message"]');
    await page.getByText('stored message 120', { exact: true }).waitFor();
    expect(await messages.count()).toBe(50);
    await expect(messages.first().innerText()).resolves.toContain('stored message 71');

    const scrollBox = page.getByRole('log').locator('xpath=..');
    const topOf = (text: string) =>
      page.getByText(text, { exact: true }).evaluate((el) => el.getBoundingClientRect().top);
    // Scroll to the top and note where the oldest shown message is, in the same frame.
    const before = await scrollBox.evaluate((el) => {
      el.scrollTop = 0;
      const oldest = el.querySelector('[data-testid="chat-message"]');
      return oldest!.getBoundingClientRect().top;
    });
    await page.getByText('stored message 21', { exact: true }).waitFor();
    expect(await messages.count()).toBe(100);
    // That message stays where the fan was looking (give or take the loading row), not pushed
    // down by the 50 messages put in front of it.
    expect(Math.abs((await topOf('stored message 71')) - before)).toBeLessThan(80);

    await scrollBox.evaluate((el) => el.scrollTo({ top: 0 }));
    await page.getByText('stored message 1', { exact: true }).waitFor();
    expect(await messages.count()).toBe(120);
    await expect(messages.first().innerText()).resolves.toContain('stored message 1');
    expect(await page.getByRole('button', { name: 'Load older messages' }).count()).toBe(0);
    await page.context().close();
  });

  it('sends an unknown handle to /ai-chat', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/@no.such.creator`);
    await page.waitForURL(/\/ai-chat$/);
    await page
      .getByText('Error: No creator ID was provided. Please select a creator from the creator list.')
      .waitFor();
    await page.context().close();
  });

  it('finds the creator for /@DEMO.CREATOR/ (case-insensitive, trailing slash)', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/@DEMO.CREATOR/`);
    await answerAgeQuestion(page);
    await page.getByRole('log', { name: /Conversation with/ }).waitFor();
    expect(page.url()).toMatch(/\/@DEMO\.CREATOR\/$/);
    await page.context().close();
  });

  it('opens the subscription modal when the fan sends at the free-tier limit (not on reopening the chat), saying this demo cannot be subscribed to here; Escape closes it, Sign Up opens the Sign Up tab', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/@demo.creator`);
    await answerAgeQuestion(page);
    for (let i = 1; i <= FREE_TIER_MESSAGES; i++)
      await sendAndWaitForReply(page, `Tell me story number ${i}`, i);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('One more, please');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The time names its zone (the browser's: this machine's Chromium runs in UTC or a GMT offset).
    await expect(dialog.innerText()).resolves.toMatch(
      /You've reached your message limit\. You can send more messages after [^\n]*\d[^\n]* (UTC|GMT[+-]?[\d:]*|[A-Z]{2,5})\./,
    );
    // Standalone has no Stripe key: the demo creator's dialog says so instead of offering a payment.
    await dialog
      .getByText(/This is a demo creator, so it cannot be subscribed to: payments are not set up/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Sign Up' }).waitFor();
    if (shotsDir) await screenshotAtBothWidths(page, shotsDir, 'demo-limit-no-payments');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The refused message was never sent.
    expect(await page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(
      FREE_TIER_MESSAGES,
    );

    // Reopening the chat with the free messages spent shows it quietly; sending opens the dialog.
    await page.reload();
    await page.getByRole('log', { name: /Conversation with/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(await dialog.count()).toBe(0);
    await box.fill('Still here');
    await box.press('Enter');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/sign-in\?tab=sign-up$/);
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    await page.getByLabel('Confirm Password').waitFor();
    if (shotsDir) await screenshotAtBothWidths(page, shotsDir, 'sign-up-tab-from-limit');
    await page.context().close();
  });
});
