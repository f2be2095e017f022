import fs from 'node:fs';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { ADULT_BIRTHDATE } from './birthdates';

/**
 * Where to find Chromium: CHROMIUM_PATH, Debian's chromium package, other usual
 * system paths, or a browser Playwright already installed. `npx playwright
 * install` cannot work on these machines; .ci/run installs Debian's package.
 */
function chromiumCandidates(): string[] {
  // A path the user names is the only one tried: a wrong one is reported, not papered over.
  if (process.env.CHROMIUM_PATH) return [process.env.CHROMIUM_PATH];
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core knows no installed browser for this platform.
  }
  return candidates;
}

const CHROMIUM: string | undefined = chromiumCandidates().find((candidate) => fs.existsSync(candidate));

/** null when a Chromium was found, else why not (for a skipped suite's name). */
export function chromiumProblem(): string | null {
  if (CHROMIUM) return null;
  return process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`
    : "no Chromium found (set CHROMIUM_PATH, or install Debian's chromium package as .ci/run does)";
}

/**
 * Headless Chromium as these machines need it: no sandbox as root, and none of
 * the background traffic a closed network would refuse.
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!CHROMIUM) throw new Error(chromiumProblem() ?? 'no Chromium');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn) for `page`: a platform authenticator with
 * resident keys and user verification that answers at once, as a phone's or laptop's does.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A full-page screenshot of `page` at 1280 px and at 390 px wide, as `<dir>/<name>-<width>.png`;
 * fails when the page is wider than the 390 px screen.
 */
export async function screenshotAtBothWidths(
  page: Page,
  dir: string,
  name: string,
  /** How long the page needs to follow the new width (charts resize a moment later). */
  { settleMs = 0 } = {},
): Promise<void> {
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  // A phone never scrolls sideways: whatever is wider than the screen scrolls inside its own box.
  const pageWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  await page.setViewportSize({ width: 1280, height: 900 });
  if (pageWidth > 390)
    throw new Error(
      `${name}: the page is ${pageWidth} px wide on a 390 px phone (see ${dir}/${name}-390.png)`,
    );
}

/** Signs `email` in on `origin`'s sign-in page in a new context of `browser`, 1280 px wide. */
export async function signedInPage(
  browser: Browser,
  origin: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/sign-in`);
  const card = page.locator('[class*="card"]').first();
  await card.getByLabel('Email').fill(email);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('banner').getByText(email).waitFor({ timeout: 20_000 });
  return { context, page };
}

/**
 * Answers the age question a chat asks once before the first message (docs/safety.md, "Age"),
 * when it shows: a guest chooses `band`, an account gives its birth date. Waits for the question
 * or the message box, and after an answer for the message box.
 */
export async function answerAgeQuestion(page: Page, band = '18 or older'): Promise<void> {
  const question = page.getByRole('heading', { name: 'Before you chat' });
  const box = page.getByRole('textbox', { name: 'Message' });
  await question.or(box).first().waitFor({ timeout: 30_000 });
  if (!(await question.isVisible())) return;
  const birthdate = page.getByLabel('Birthdate');
  if (await birthdate.isVisible()) await birthdate.fill(ADULT_BIRTHDATE);
  else await page.getByLabel(band, { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await box.waitFor({ timeout: 30_000 });
}

/**
 * Signs a new user up on the open sign-in page: the Sign Up tab, email, an adult's birth date and
 * the password twice, then the emailed code (`codeFor`) on the confirmation step.
 */
export async function signUpOnSignInPage(
  page: Page,
  email: string,
  password: string,
  codeFor: (email: string) => Promise<string>,
): Promise<void> {
  const card = page.locator('[class*="card"]').first();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await card.getByLabel('Email').fill(email);
  await card.getByLabel('Birthdate').fill(ADULT_BIRTHDATE);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByLabel('Confirm Password').fill(password);
  await card.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByRole('heading', { name: 'We Emailed You' }).waitFor();
  await card.getByLabel('Confirmation Code').fill(await codeFor(email));
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
}
