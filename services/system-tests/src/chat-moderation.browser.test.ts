import {
  describeWhenAvailable,
  type FakeModerationServer,
  startFakeModerationServer,
} from '@backtalk/testing';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { backtalkModes, type RunningBacktalk } from './backtalk-modes';
import { CRISIS_MESSAGE, FLAGGED_WORD, HELD_MESSAGE, moderatedEnv, REPLY } from './chat-moderation.fixtures';
import { answerAgeQuestion, chromiumProblem, launchChromium } from './chromium';
import { startPacedOpenAiServer } from './paced-model';

/** Where screenshots of the three screens go, when set (docs/safety.md). */
const SCREENSHOTS = process.env.BACKTALK_SCREENSHOTS_DIR;

/**
 * Issue 22 "Done when", in Chromium: what a fan sees when moderation acts — the calm notice for a
 * held-back message, the crisis card, and a flagged reply that never shows — in the real chat UI
 * (MODERATION_PROVIDER=openai at the fake moderation server, the paced chat model), at 1280 and
 * 390 px, in a standalone Backtalk and in a cluster (the seven services as processes over NATS).
 */
describeWhenAvailable('Chromium', chromiumProblem(), 'browser: what a fan sees when moderation acts', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const mode of backtalkModes) {
    mode.describe(mode.name, () => moderationScreens(mode.name, () => browser, mode.start));
  }
});

/** The three screens, against a Backtalk `start` starts (in `modeName` mode). */
function moderationScreens(
  modeName: string,
  browser: () => Browser,
  start: (label: string, env: Record<string, string>) => Promise<RunningBacktalk>,
): void {
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let moderation: FakeModerationServer;
  let backtalk: RunningBacktalk;

  beforeAll(async () => {
    paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 20, interTokenDelayMs: 10 });
    moderation = await startFakeModerationServer();
    moderation.flag('blow up the school', 'violence');
    moderation.flag("can't go on anymore", 'self-harm/intent');
    backtalk = await start('moderation-browser', moderatedEnv(paced, moderation));
  });
  afterAll(async () => {
    await backtalk?.stop();
    await moderation?.close();
    await paced?.close();
  });

  async function chatAt(width: number): Promise<Page> {
    const context = await browser().newContext({
      viewport: { width, height: width < 500 ? 844 : 800 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await page.goto(`${backtalk.url}/@demo.creator`);
    await answerAgeQuestion(page);
    return page;
  }

  async function send(page: Page, text: string): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
  }

  async function settled(page: Page): Promise<void> {
    await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 30_000 });
  }

  async function screenshot(page: Page, name: string, width: number): Promise<void> {
    if (!SCREENSHOTS) return;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${modeName}-${name}-${width}.png`) });
  }

  it.each([1280, 390])('a held-back message is answered by Backtalk, calmly, at %i px', async (width) => {
    const page = await chatAt(width);
    const requests = paced.stats.requests;
    await send(page, HELD_MESSAGE);
    const notice = page.getByRole('note', { name: 'Backtalk safety notice' });
    await notice.waitFor({ timeout: 30_000 });
    await settled(page);
    await expect(notice.innerText()).resolves.toContain("I can't talk about that here.");
    await page.getByText("Not sent to the persona: held back by Backtalk's safety check.").waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(paced.stats.requests).toBe(requests);
    await screenshot(page, 'safety-notice', width);
    await page.context().close();
  });

  it.each([1280, 390])(
    'a message showing a risk of self-harm gets the crisis card, at %i px',
    async (width) => {
      const page = await chatAt(width);
      await send(page, CRISIS_MESSAGE);
      const card = page.getByRole('region', { name: 'Support is available' });
      await card.waitFor({ timeout: 30_000 });
      await settled(page);
      await card.getByText('Samaritans', { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: /116 123/ }).getAttribute('href')).toBe('tel:116123');
      await expect(card.innerText()).resolves.toContain('this chat is an AI');
      // Not a bubble in the creator's voice, and it is still there after a reload.
      expect(await page.locator('[data-testid="chat-message"][data-kind="crisis-care"]').count()).toBe(1);
      await screenshot(page, 'crisis-card', width);
      await page.reload();
      await page.getByRole('region', { name: 'Support is available' }).waitFor();
      await page.context().close();
    },
  );

  it.each([1280, 390])('a flagged reply never shows, not even in part, at %i px', async (width) => {
    moderation.flag(FLAGGED_WORD, 'violence');
    const page = await chatAt(width);
    // Everything the page ever renders of the conversation, not only what is left at the end.
    // (A script string: this project's code has no DOM types.)
    await page.evaluate(`
      window.seenText = [];
      new MutationObserver(() => window.seenText.push(document.body.innerText)).observe(document.body, {
        subtree: true, childList: true, characterData: true,
      });
    `);
    await send(page, 'What is your secret ingredient?');
    await page.getByText("Replaced by Backtalk's safety check.").waitFor({ timeout: 30_000 });
    await settled(page);
    const seen = (await page.evaluate("window.seenText.join('\\n')")) as string;
    expect(seen).toContain('Happy to help!');
    for (const leak of [FLAGGED_WORD, 'secret ingredient is', 'pinch per loaf'])
      expect(seen).not.toContain(leak);
    await screenshot(page, 'replaced-reply', width);
    await page.reload();
    await page.getByText("Replaced by Backtalk's safety check.").waitFor();
    expect(await page.content()).not.toContain(FLAGGED_WORD);
    await page.context().close();
  });
}
