import { describeWhenAvailable, waitFor } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumProblem, launchChromium } from './chromium';
import { PageActivity } from './page-activity';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

/**
 * Deleting an account from the user menu in Chromium, against `npm start` (standalone): the
 * dialog refuses a missing confirmation and a wrong password and keeps the account; the right
 * password and DELETE delete it, sign the browser out (Guest, home page) and the account can
 * no longer sign in. Screenshots (1280 and 390 px) when BACKTALK_SCREENSHOTS_DIR names a folder.
 */
const PASSWORD = 'Correct-Horse-9';
const SCREENSHOTS = process.env.BACKTALK_SCREENSHOTS_DIR;
const FAILURES_DIR = SCREENSHOTS ?? path.join(os.tmpdir(), 'backtalk-retention-failures');
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describeWhenAvailable(
  'Chromium',
  chromiumProblem(),
  'browser: deleting an account from the user menu',
  () => {
    let app: StandaloneApp;
    let browser: Browser;
    let page: Page;
    let activity: PageActivity;
    /** A test whose failure also says what the page showed and did (page-activity.ts). */
    const reporting = (body: () => Promise<void>) => () =>
      activity.explainFailure(FAILURES_DIR, `retention-failed-${Date.now()}`, body);

    beforeAll(async () => {
      app = await startStandaloneApp('retention');
      browser = await launchChromium();
      if (SCREENSHOTS) fs.mkdirSync(SCREENSHOTS, { recursive: true });
    }, 150_000);

    // A browser of its own per test: no cookie of the previous account races the sign-in.
    beforeEach(async () => {
      page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      activity = new PageActivity(page);
    });
    afterEach(async () => {
      await page?.context().close();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    async function call(method: string, route: string, body?: unknown) {
      const response = await fetch(`${app.origin}${route}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
    }

    async function newAccount(): Promise<string> {
      const email = `leaving.${Date.now()}@example.com`;
      const signUp = await call('POST', '/api/auth/sign-up', { email, password: PASSWORD });
      expect(signUp.status).toBe(200);
      const { body } = await call('GET', '/api/dev/outbox?limit=100');
      const message = (body.messages as { to: string; text: string }[]).find((m) => m.to === email);
      const code = /Your code is (\d{6})/.exec(message?.text ?? '')?.[1];
      const confirmed = await call('POST', '/api/auth/sign-up/confirm', {
        email,
        code,
        challenge: signUp.body.challenge,
      });
      expect(confirmed.body.nextStep).toEqual({ step: 'done' });
      return email;
    }

    async function signInOnPage(email: string): Promise<void> {
      const status = await page.evaluate(
        async ({ email, password }) =>
          (
            await fetch('/api/auth/sign-in', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'X-Backtalk-CSRF': '1' },
              body: JSON.stringify({ email, password }),
            })
          ).status,
        { email, password: PASSWORD },
      );
      expect(status).toBe(200);
      await page.reload();
    }

    const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
    async function openDeleteDialog(): Promise<void> {
      const hamburger = page.getByRole('button', { name: 'Open menu' });
      if (await hamburger.isVisible()) await hamburger.click();
      await accountMenu().click();
      await page.getByRole('menuitem', { name: 'Delete account' }).click();
      await page.getByRole('dialog', { name: 'Delete account' }).waitFor();
    }
    /** A new account signed in on the page (over the visitor's guest session), its delete dialog open. */
    async function deleteDialogOfNewAccount() {
      const email = await newAccount();
      await page.goto(app.origin);
      // The visitor's guest session first, so signing in replaces it rather than racing it.
      await expect(accountMenu().innerText()).resolves.toBe('Guest');
      await signInOnPage(email);
      await accountMenu().filter({ hasText: email }).waitFor();
      await openDeleteDialog();
      return { email, dialog: page.getByRole('dialog', { name: 'Delete account' }) };
    }
    async function shot(name: string): Promise<void> {
      if (!SCREENSHOTS) return;
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    }

    it(
      'refuses without the confirmation word and with a wrong password, and keeps the account',
      reporting(async () => {
        const { email, dialog } = await deleteDialogOfNewAccount();
        await shot('delete-account-1280');

        await dialog.getByLabel('Password').fill(PASSWORD);
        await dialog.getByRole('button', { name: 'Delete account' }).click();
        await dialog.getByText('Type DELETE to confirm.').waitFor();

        await dialog.getByLabel('Password').fill('Wrong-Horse-9');
        await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
        // The field's message goes once the word is right, and the dialog's buttons move up with it: as a
        // person would, click once the layout has settled (a click aimed before it can land beside them).
        await dialog.getByText('Type DELETE to confirm.').waitFor({ state: 'detached' });
        await dialog.getByRole('button', { name: 'Delete account' }).click();
        await dialog.getByRole('alert').waitFor();
        await expect(dialog.getByRole('alert').innerText()).resolves.toMatch(/\S/);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await accountMenu().filter({ hasText: email }).waitFor();
        const stillThere = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
        expect(stillThere.status).toBe(200);

        // The same dialog at a phone's width.
        await page.setViewportSize({ width: 390, height: 844 });
        await openDeleteDialog();
        await shot('delete-account-390');
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 1280, height: 800 });
      }),
    );

    it(
      'deletes the account with the password and DELETE, and signs the browser out',
      reporting(async () => {
        const { email, dialog } = await deleteDialogOfNewAccount();
        await dialog.getByLabel('Password').fill(PASSWORD);
        await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
        await dialog.getByRole('button', { name: 'Delete account' }).click();

        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.waitForURL(`${app.origin}/`);
        await accountMenu()
          .or(page.getByRole('button', { name: 'Sign In' }))
          .first()
          .waitFor();
        await waitFor(async () => !(await accountMenu().first().innerText()).includes(email));
        await shot('deleted-1280');
        // A reload does not bring the session back, and the account cannot sign in.
        await page.reload();
        await accountMenu().first().waitFor();
        await waitFor(async () => !(await page.locator('body').innerText()).includes(email));
        const signIn = await call('POST', '/api/auth/sign-in', { email, password: PASSWORD });
        expect(signIn.status).toBe(401);
      }),
    );
  },
);
