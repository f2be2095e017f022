import type { Browser, Page } from 'playwright-core';
import { describeWhenAvailable } from '@backtalk/testing';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

/** Where the screenshots of /discover go (none when unset). */
const shotsDir = process.env.DISCOVER_SHOTS_DIR;

/**
 * `/discover` (issue 24 item 6) in Chromium on standalone Backtalk with its demo creators: a fan
 * finds a creator by what they post about and opens their chat, by mouse and by keyboard.
 */
describeWhenAvailable('Chromium', chromiumProblem(), 'browser: a fan discovers a creator', () => {
  let app: StandaloneApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startStandaloneApp('discover-browser', {});
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

  const cards = (page: Page) => page.getByRole('list', { name: 'Creators' }).locator(':scope > li');

  it('goes from the landing page to /discover, lists the demo creators with what they post about', async () => {
    const page = await newPage();
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Discover creators' }).click();
    await page.waitForURL(/\/discover$/);
    await page.getByRole('heading', { name: 'Discover creators' }).waitFor();
    await cards(page).first().waitFor();
    const names = await cards(page).getByRole('heading').allInnerTexts();
    // Every demo creator, most followed first; no raw ids anywhere.
    expect(names.map((name) => name.trim())).toEqual([
      'Coach Rio Valdane',
      'Tilly Saffron',
      'Dez Kettleworth',
      'Juniper Vale',
    ]);
    const dez = cards(page).filter({ hasText: 'Dez Kettleworth' });
    await expect(dez.innerText()).resolves.toContain('21,700 followers');
    await expect(dez.innerText()).resolves.toContain('@dez.looks.up');
    await expect(dez.innerText()).resolves.toContain('#binoculars');
    expect(await page.locator('body').innerText()).not.toMatch(/demo:|[0-9a-f]{8}-[0-9a-f]{4}-/);
    if (shotsDir) await screenshotAtBothWidths(page, shotsDir, 'discover');
    await page.context().close();
  });

  it('finds a demo creator by topic and opens their chat', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/discover`);
    await page.getByRole('searchbox', { name: 'Search creators by name or topic' }).fill('#astronomy');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/discover\?q=%23astronomy$/);
    await page.getByRole('status').filter({ hasText: '1 creator for “#astronomy”' }).waitFor();
    expect(await cards(page).count()).toBe(1);
    if (shotsDir) await screenshotAtBothWidths(page, shotsDir, 'discover-search');
    await page.getByRole('link', { name: 'Chat with Dez Kettleworth' }).click();
    await page.waitForURL(/\/@dez\.looks\.up$/);
    await answerAgeQuestion(page);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.context().close();
  });

  it('works from the keyboard: type, Enter, Tab to a chat link, Enter', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/discover`);
    const box = page.getByRole('searchbox', { name: 'Search creators by name or topic' });
    await box.focus();
    await page.keyboard.type('thrift');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=thrift/);
    await page.getByRole('status').filter({ hasText: '1 creator' }).waitFor();
    // Tab until the chat link has the focus (the search box, its button, the topics come first).
    const focused = async () => (await page.evaluate('document.activeElement?.textContent ?? ""')) as string;
    for (let presses = 0; presses < 20 && (await focused()) !== 'Chat with Juniper Vale'; presses++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe('Chat with Juniper Vale');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/@juniper\.thrifts$/);
    await page.context().close();
  });

  it('says so when nothing matches, and offers every creator again', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/discover?q=underwater%20basket%20weaving`);
    await page.getByText('No creators match “underwater basket weaving”.').waitFor();
    if (shotsDir) await screenshotAtBothWidths(page, shotsDir, 'discover-empty');
    await page.getByRole('button', { name: 'Show all creators' }).click();
    await page.waitForURL(/\/discover$/);
    await cards(page).nth(3).waitFor();
    await page.context().close();
  });

  it('answers bad input with 400 and a clear reason', async () => {
    for (const query of ['page=0', 'pageSize=49', `q=${'x'.repeat(101)}`, 'page=abc', 'sort=name']) {
      const response = await fetch(`${app.url}/api/discover/creators?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });
});
