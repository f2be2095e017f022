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
import type { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import {
  answerAgeQuestion,
  chromiumProblem,
  launchChromium,
  screenshotAtBothWidths,
  signUpOnSignInPage,
} from './chromium';
import { gatewayHttp } from './gateway-http';
import { connectToStandaloneDatabase } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * "My chats" (issue 24 item 1) in Chromium against standalone mode: a guest fan chats with two
 * creators and finds both in /chats (newest first), starts a second chat with one of them, renames
 * one, deletes one (after confirming), sees an in-person reply counted unread, searches their own
 * messages, and signs up keeping every chat. Then over HTTP: another
 * fan can never list, read, rename, delete, mark or search the fan's conversations, and bad input
 * is a 400 that changes nothing. The persona is a scripted OpenAI-compatible server. Screenshots at
 * 1280 and 390 px go to MY_CHATS_SHOTS_DIR (default: a temp folder).
 */
const REPLY = 'Thanks for writing to me!';
const shotsDir =
  process.env.MY_CHATS_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-my-chats-shots-'));

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: my chats', () => {
  let app: StandaloneApp;
  let model: FakeChatServer;
  let browser: Browser;
  let db: Client;
  let smtp: TestSmtpServer;
  const call = gatewayHttp(() => app.origin);

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    model = await startFakeChatServer(() => REPLY);
    smtp = await startTestSmtpServer();
    app = await startStandaloneApp('my_chats', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-my-chats',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    db = await connectToStandaloneDatabase(app.dataDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await app?.stop();
    await model?.close();
    await smtp?.close();
  });

  const nameOf = async (handle: string): Promise<string> =>
    (await call(`/api/creators/by-handle/${handle}`)).body.nickName as string;
  const lastReply = (page: Page) =>
    page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  async function send(page: Page, text: string): Promise<void> {
    const replies = await page.locator('[data-testid="chat-message"][data-role="assistant"]').count();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    await page
      .locator('[data-testid="chat-message"][data-role="assistant"]')
      .nth(replies)
      .waitFor({ timeout: 60_000 });
    await lastReply(page).getByText(REPLY).waitFor({ timeout: 60_000 });
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
  }
  const rows = (page: Page) => page.getByRole('list', { name: 'Your conversations' }).getByTestId('chat-row');
  async function openMyChats(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My chats' }).click();
    await page.waitForURL(/\/chats$/);
    await page.getByRole('heading', { name: 'My chats' }).waitFor();
  }

  it('lists two chats with two creators, starts a second chat, renames, deletes and searches', async () => {
    const tilly = await nameOf('demo.creator');
    const dez = await nameOf('dez.looks.up');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // A new guest has no chats yet.
    await page.goto(`${app.origin}/chats`);
    await page.getByText('No chats yet').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: 'Find a creator to chat with' }).getAttribute('href')).toBe(
      '/discover',
    );
    await screenshotAtBothWidths(page, shotsDir, '01-no-chats-yet');

    await page.goto(`${app.origin}/@demo.creator`);
    await answerAgeQuestion(page);
    await send(page, 'How do I feed a sourdough starter?');
    await page.goto(`${app.origin}/@dez.looks.up`);
    await answerAgeQuestion(page);
    await send(page, 'What can I see in the night sky tonight?');

    // Both chats, the newest first, each with its creator, its title and the last message.
    await openMyChats(page);
    await rows(page).nth(1).waitFor();
    expect(await rows(page).count()).toBe(2);
    // The creators' profiles arrive a moment after the list.
    await rows(page).nth(0).filter({ hasText: dez }).waitFor();
    await rows(page).nth(1).filter({ hasText: tilly }).waitFor();
    const first = await rows(page).nth(0).innerText();
    const second = await rows(page).nth(1).innerText();
    expect(first).toContain(dez);
    expect(first).toContain('What can I see in the night sky tonight?');
    expect(first).toContain(REPLY);
    expect(second).toContain(tilly);
    expect(second).toContain('How do I feed a sourdough starter?');
    await screenshotAtBothWidths(page, shotsDir, '02-two-chats');

    // A second chat with Tilly: a fresh conversation at ?c=<id>, the first one kept.
    await rows(page)
      .filter({ hasText: tilly })
      .getByRole('button', { name: `New chat with ${tilly}` })
      .click();
    await page.waitForURL(/\/@demo\.creator\?c=[0-9a-f-]{36}$/);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.locator('[data-testid="chat-message"]').count()).toBe(0);
    await send(page, 'Any tips for marathon training?');
    await screenshotAtBothWidths(page, shotsDir, '03-second-chat');
    // The chat header's own "New chat" starts yet another (and is left empty).
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL((url) => url.search.startsWith('?c=') && !url.search.includes('undefined'));
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    await openMyChats(page);
    await rows(page).nth(3).waitFor();
    const titles = await rows(page).allInnerTexts();
    expect(titles[0]).toContain('No messages yet');
    expect(titles[1]).toContain('Any tips for marathon training?');
    expect(titles.filter((text) => text.includes(tilly))).toHaveLength(3);

    // Rename the sourdough chat.
    const sourdough = rows(page).filter({ hasText: 'How do I feed a sourdough starter?' });
    await sourdough.getByRole('button', { name: /^Rename/ }).click();
    const rename = page.getByRole('dialog', { name: 'Rename chat' });
    await rename.getByLabel('Chat name').fill('Bread questions');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'Bread questions' }).waitFor();

    // Delete the marathon chat: the dialog asks first; Cancel keeps it, Delete erases it.
    const marathon = rows(page).filter({ hasText: 'Any tips for marathon training?' });
    await marathon.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this chat?' });
    await confirm.getByText('all its messages will be erased').waitFor();
    await screenshotAtBothWidths(page, shotsDir, '04-delete-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(4);
    await marathon.getByRole('button', { name: /^Delete/ }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await marathon.waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(3);
    await screenshotAtBothWidths(page, shotsDir, '05-renamed-and-deleted');

    // Dez answers in person (the inbox): one unread reply until the fan opens that chat.
    const dezId = (await call('/api/creators/by-handle/dez.looks.up')).body.id as string;
    await db.query(
      `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content, status)
       SELECT gen_random_uuid(), c.id, c.owner, 'creator', '[{"text": "Saturn rises at nine tonight."}]', 'complete'
       FROM chat_inference.conversations c WHERE c."creatorId" = $1`,
      [dezId],
    );
    await page.reload();
    const dezRow = rows(page).filter({ hasText: dez });
    await dezRow.getByLabel('1 unread reply').waitFor();
    expect(await rows(page).nth(0).innerText()).toContain('Saturn rises at nine tonight.');
    await screenshotAtBothWidths(page, shotsDir, '06-unread-reply');
    await dezRow.getByRole('link').click();
    await page.locator('[data-testid="chat-message"]').getByText('Saturn rises at nine tonight.').waitFor();
    await openMyChats(page);
    await rows(page).filter({ hasText: dez }).waitFor();
    await page.waitForTimeout(300);
    expect(
      await rows(page)
        .filter({ hasText: dez })
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);

    // Search the fan's own messages: one hit, which opens its conversation.
    await page.getByRole('searchbox', { name: 'Search your messages' }).fill('night sky');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/chats\?q=night\+sky$/);
    const hits = page.getByRole('list', { name: 'Messages found' }).getByTestId('search-hit');
    await hits.first().waitFor();
    expect(await hits.count()).toBe(1);
    expect(await hits.first().innerText()).toContain('What can I see in the night sky tonight?');
    await screenshotAtBothWidths(page, shotsDir, '07-search');
    await page.getByRole('searchbox', { name: 'Search your messages' }).fill('marathon');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No messages match “marathon”.').waitFor();
    await page.getByRole('searchbox', { name: 'Search your messages' }).fill('night sky');
    await page.getByRole('button', { name: 'Search' }).click();
    await hits.first().getByRole('link').click();
    await page.waitForURL(/\/@dez\.looks\.up\?c=/);
    await page
      .locator('[data-testid="chat-message"]')
      .getByText('What can I see in the night sky tonight?')
      .waitFor();

    // On a phone the navbar itself leads to /chats.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByRole('link', { name: 'My chats' }).click();
    await page.waitForURL(/\/chats$/);
    await rows(page).nth(2).waitFor();

    // The guest signs up: their chats are the account's now, titles and all.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign In' }).click();
    await page.waitForURL(/\/sign-in/);
    const email = 'my-chats-fan@example.com';
    await signUpOnSignInPage(page, email, 'Sunny-Day-42', (to) =>
      smtp.waitFor(to, /Your code is (\d{6})/, 20_000),
    );
    await page.getByRole('banner').getByText(email).waitFor({ timeout: 20_000 });
    await page.goto(`${app.origin}/chats`);
    await rows(page).nth(2).waitFor({ timeout: 20_000 });
    expect(await rows(page).count()).toBe(3);
    await rows(page).filter({ hasText: 'Bread questions' }).waitFor();
    await rows(page).filter({ hasText: 'What can I see in the night sky tonight?' }).waitFor();
    await context.close();
  });

  it('copes with an address edited by hand: a one-character q, a c that is no id, a long query', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/@demo.creator`);
    await answerAgeQuestion(page);
    await send(page, 'Which flour do you feed your starter with?');

    // `?q=%`: the list and the hint, not a spinner forever.
    await page.goto(`${app.origin}/chats?q=%25`);
    await rows(page).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').textContent()).toBe('Type at least 2 characters to search.');

    // `?c=` that is no conversation id: the latest chat opens, no error.
    for (const c of ['garbage', 'x'.repeat(3000), `"'><"`]) {
      await page.goto(`${app.origin}/@demo.creator?c=${encodeURIComponent(c)}`);
      await page.getByText('Which flour do you feed your starter with?').waitFor({ timeout: 30_000 });
      expect(await page.getByText("We couldn't load this conversation").count()).toBe(0);
    }

    // A long query without matches wraps instead of widening the page; a hit marks the match.
    await page.goto(`${app.origin}/chats?q=${'x'.repeat(200)}`);
    await page.getByText(/^No messages match/).waitFor({ timeout: 30_000 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await screenshotAtBothWidths(page, shotsDir, '08-long-query');
    await page.goto(`${app.origin}/chats?q=flour`);
    await page.getByTestId('search-hit').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('search-hit').first().locator('mark').first().textContent()).toBe('flour');
    await screenshotAtBothWidths(page, shotsDir, '09-search-hit');
    await context.close();
  });

  it("another fan can never list, read, rename, delete, mark or search the fan's conversations", async () => {
    const guest = async () => {
      const { body } = await call('/api/auth/guest', { method: 'POST', body: {} });
      return { userId: body.userId as string, token: body.tokens.accessToken as string };
    };
    const owner = await guest();
    const stranger = await guest();
    const creatorId = (await call('/api/creators/by-handle/demo.creator')).body.id as string;
    const opened = await call('/api/conversations', {
      method: 'POST',
      body: { creatorId },
      token: owner.token,
    });
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    await db.query(
      `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content)
       VALUES (gen_random_uuid(), $1, $2, 'user', '[{"text": "my private words"}]')`,
      [id, owner.userId],
    );
    const stored = async () =>
      (await db.query(`SELECT name, "lastReadAt" FROM chat_inference.conversations WHERE id = $1`, [id]))
        .rows[0] as { name: string; lastReadAt: Date } | undefined;
    const before = await stored();

    // Rows: who asks, what, the answer.
    const rows: [string, { method: string; route: string; body?: unknown; token?: string }, number][] = [
      ['a stranger reads', { method: 'GET', route: `/api/conversations/${id}`, token: stranger.token }, 404],
      [
        'a stranger reads its messages',
        { method: 'GET', route: `/api/conversations/${id}/messages`, token: stranger.token },
        404,
      ],
      [
        'a stranger renames',
        {
          method: 'PATCH',
          route: `/api/conversations/${id}`,
          body: { title: 'mine' },
          token: stranger.token,
        },
        404,
      ],
      [
        'a stranger deletes',
        { method: 'DELETE', route: `/api/conversations/${id}`, token: stranger.token },
        404,
      ],
      [
        'a stranger marks it read',
        { method: 'PUT', route: `/api/conversations/${id}/read`, token: stranger.token },
        404,
      ],
      ['nobody lists', { method: 'GET', route: '/api/conversations' }, 401],
      ['nobody searches', { method: 'GET', route: '/api/conversations/search?q=private' }, 401],
      ['nobody deletes', { method: 'DELETE', route: `/api/conversations/${id}` }, 401],
      [
        'the owner sends an empty title',
        { method: 'PATCH', route: `/api/conversations/${id}`, body: { title: '   ' }, token: owner.token },
        400,
      ],
      [
        'the owner sends a too long title',
        {
          method: 'PATCH',
          route: `/api/conversations/${id}`,
          body: { title: 'a'.repeat(101) },
          token: owner.token,
        },
        400,
      ],
      [
        'the owner sends extra fields',
        {
          method: 'PATCH',
          route: `/api/conversations/${id}`,
          body: { title: 'ok', owner: stranger.userId },
          token: owner.token,
        },
        400,
      ],
      [
        'the owner sends a bad id',
        { method: 'DELETE', route: '/api/conversations/not-a-uuid', token: owner.token },
        400,
      ],
      [
        'the owner searches one letter',
        { method: 'GET', route: '/api/conversations/search?q=p', token: owner.token },
        400,
      ],
      [
        'the owner searches too long',
        { method: 'GET', route: `/api/conversations/search?q=${'p'.repeat(201)}`, token: owner.token },
        400,
      ],
      [
        'the owner opens with a bad fresh flag',
        {
          method: 'POST',
          route: '/api/conversations',
          body: { creatorId, fresh: 'yes' },
          token: owner.token,
        },
        400,
      ],
    ];
    for (const [what, request, status] of rows) {
      const answer = await call(request.route, {
        method: request.method,
        body: request.body,
        token: request.token,
      });
      expect({ what, status: answer.status }).toEqual({ what, status });
    }
    // A stranger's list and search hold nothing of the owner's.
    expect((await call('/api/conversations', { token: stranger.token })).body.conversations).toEqual([]);
    expect((await call('/api/conversations/search?q=private', { token: stranger.token })).body.hits).toEqual(
      [],
    );
    expect(await stored()).toEqual(before);

    // The owner may.
    expect((await call('/api/conversations/search?q=private', { token: owner.token })).body.hits).toEqual([
      expect.objectContaining({ conversationId: id, snippet: 'my private words' }),
    ]);
    expect(
      await call(`/api/conversations/${id}`, {
        method: 'PATCH',
        body: { title: 'Mine' },
        token: owner.token,
      }),
    ).toEqual({ status: 200, body: expect.objectContaining({ id, title: 'Mine' }) });
    expect(await call(`/api/conversations/${id}`, { method: 'DELETE', token: owner.token })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect(await stored()).toBeUndefined();
  });
});
