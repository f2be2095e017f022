import { describeWhenAvailable, type FakeChatServer, startFakeChatServer } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * The fan's language (issue 24 item 4) in Chromium against standalone mode: a browser whose
 * language is Spanish sees the web app in Spanish, switches to English in the footer and keeps
 * English on reload; a fan writing Spanish in the chat gets a Spanish reply. The chat model is a
 * scripted OpenAI-compatible server that answers in the language the persona's prompt names
 * (chat-inference detects it from the fan's message), so the reply's language follows the
 * detection; the chat's header and /chats are Spanish too. Screenshots at 1280 and 390 px go to I18N_SHOTS_DIR (default: a temp folder).
 */
const DEMO = 'demo.creator';
const SPANISH_REPLY = '¡Hola! Claro que sí, te contesto en español.';
const shotsDir = process.env.I18N_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-i18n-shots-'));

/** The persona's prompt says "The fan writes in Spanish; answer in Spanish." (chat-inference's languageRule). */
function languageModel() {
  return (request: { messages: { content: string }[]; stream: boolean }): string => {
    const system = request.messages[0]?.content ?? '';
    if (!request.stream) return '[]'; // the memory job: nothing to keep
    const language = /The fan writes in (\w+); answer in \1\./.exec(system)?.[1];
    return language === 'Spanish'
      ? SPANISH_REPLY
      : `Hello! I answer in ${language ?? 'no language I was told'}.`;
  };
}

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: the fan’s language', () => {
  let app: StandaloneApp;
  let model: FakeChatServer;
  let browser: Browser;

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    model = await startFakeChatServer(languageModel());
    app = await startStandaloneApp('i18n', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-i18n',
      MODERATION_PROVIDER: 'none',
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await model?.close();
  });

  const spanishPage = async (): Promise<Page> => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    return context.newPage();
  };
  const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang') as Promise<string>;

  it('shows the landing page in Spanish to a Spanish browser; English chosen in the footer stays on reload', async () => {
    const page = await spanishPage();
    await page.goto(app.origin);
    await page.getByRole('heading', { level: 1, name: 'Mensajes directos que sí responden' }).waitFor();
    await page.getByRole('button', { name: '¡Prueba Backtalk ahora!' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    await screenshotAtBothWidths(page, shotsDir, 'landing-es');

    await page.goto(`${app.origin}/discover`);
    await page.getByRole('heading', { name: 'Descubrir creadores' }).waitFor();
    await page.getByText(/^\d+ creadores$/).waitFor();
    await page.getByText('21.700 seguidores').waitFor();
    await screenshotAtBothWidths(page, shotsDir, 'discover-es');

    await page.goto(`${app.origin}/sign-in`);
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    await page.getByLabel('Fecha de nacimiento').waitFor();
    await page.getByLabel('Correo electrónico').fill('no es un correo');
    await page.getByText('Escribe un correo electrónico válido').waitFor();
    await screenshotAtBothWidths(page, shotsDir, 'sign-up-es');

    await page.goto(app.origin);
    await page.getByRole('contentinfo').getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'DMs that actually answer back' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Try Backtalk now!' }).waitFor();
    expect(await page.getByRole('contentinfo').getByLabel('Language').inputValue()).toBe('en');
    expect(await htmlLang(page)).toBe('en');
    await page.context().close();
  });

  it('answers a fan who writes Spanish in Spanish; the chat header and My chats are Spanish', async () => {
    const page = await spanishPage();
    await page.goto(`${app.origin}/@${DEMO}`);
    // The age question, in Spanish: a guest chooses a band.
    await page.getByRole('heading', { name: 'Antes de chatear' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('18 o más', { exact: true }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const box = page.getByRole('textbox', { name: 'Mensaje' });
    await box.fill('Hola, ¿qué tal? Me encantan tus recetas, ¿cuál es tu plato favorito para la cena?');
    await box.press('Enter');
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await reply.getByText(SPANISH_REPLY).waitFor({ timeout: 60_000 });
    const prompt = model.requests.filter((request) => request.stream).at(-1)?.messages[0].content ?? '';
    expect(prompt).toContain('The fan writes in Spanish; answer in Spanish.');
    await page
      .getByRole('status', { name: /está escribiendo/ })
      .waitFor({ state: 'detached', timeout: 60_000 });
    // The chat's header is Spanish too.
    await page.getByText('persona de IA', { exact: true }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, 'chat-es');

    // The same fan writing English is answered in English: the language is the message's, not the browser's.
    await box.fill('Thanks! What do you usually cook on a busy weekday evening?');
    await box.press('Enter');
    await reply.getByText('Hello! I answer in English.').waitFor({ timeout: 60_000 });

    // My chats lists the conversation, in Spanish.
    await page.goto(`${app.origin}/chats`);
    await page.getByRole('heading', { level: 1, name: 'Mis chats' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar en tus mensajes' }).waitFor();
    const row = page.getByTestId('chat-row').first();
    await row.getByRole('button', { name: /^Nuevo chat con / }).waitFor();
    await row.getByRole('button', { name: /^Renombrar «/ }).waitFor();
    await screenshotAtBothWidths(page, shotsDir, 'my-chats-es');
    await page.context().close();
  });
});
