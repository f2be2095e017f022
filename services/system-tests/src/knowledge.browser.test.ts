import {
  describeWhenAvailable,
  type FakeChatRequest,
  type FakeChatServer,
  startFakeChatServer,
  startTestSmtpServer,
  type TestSmtpServer,
} from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Client } from 'pg';
import { answerAgeQuestion, chromiumProblem, launchChromium, screenshotAtBothWidths } from './chromium';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { connectToStandaloneDatabase, handDemoCreatorTo } from './service-databases';
import { chatAsker, expectCited, expectNeverCited, knowledgeAnswer, teachPersona } from './studio-fans';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(300_000);

/**
 * What the persona may know, in Chromium against standalone mode (issue 23 items 2-3): the
 * creator corrects an answer from `/creator/knowledge?correct=…`, adds a note and excludes a
 * post; a fan's next reply quotes the corrected answer word for word and cites it "Answered by
 * <creator>", a question the note answers cites the note, and the excluded post never reaches
 * the model's prompt or a citation. The chat model is a scripted OpenAI-compatible server that
 * answers from what the prompt holds. Screenshots at 1280 and 390 px go to KNOWLEDGE_SHOTS_DIR.
 */
const PASSWORD = 'Sunny-Day-42';
const DEMO = 'demo.creator';
const QUESTION = 'What camera do you use?';
const ANSWER = 'Just my old phone on a tiny tripod. No fancy gear, promise!';
const NOTE_TITLE = 'Bakery classes';
const NOTE_TEXT = 'I teach bakery classes every Sunday at 10.';
const ORDINARY_REPLY = 'Great question! Check out my latest posts.';
const shotsDir =
  process.env.KNOWLEDGE_SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-knowledge-shots-'));

/** The persona answers from its prompt: a corrected answer word for word, a note's text, or a stock line. */
const knowledgeModel = (request: FakeChatRequest) => knowledgeAnswer(request, () => ORDINARY_REPLY);

describeWhenAvailable('Chromium', chromiumProblem(), 'browser: creator knowledge', () => {
  let app: StandaloneApp;
  let smtp: TestSmtpServer;
  let model: FakeChatServer;
  let browser: Browser;
  let db: Client;
  let excludedCaption = '';
  let excludedPostId = '';
  const creatorEmail = `knowledge.${Date.now()}@example.com`;
  const call = gatewayHttp(() => app.origin);

  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    smtp = await startTestSmtpServer();
    model = await startFakeChatServer(knowledgeModel);
    app = await startStandaloneApp('knowledge', {
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-knowledge',
      MODERATION_PROVIDER: 'none',
      SMTP_URL: smtp.url,
    });
    const creator = await signUpAccount(call, creatorEmail, PASSWORD, (to) =>
      smtp.waitFor(to, /Your code is (\d{6})/, 20_000),
    );
    db = await connectToStandaloneDatabase(app.dataDir);
    await handDemoCreatorTo(db, DEMO, creator.userId);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await model?.close();
  });

  async function creatorPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/sign-in`);
    const card = page.locator('[class*="card"]').first();
    await card.getByLabel('Email').fill(creatorEmail);
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('banner').getByText(creatorEmail).waitFor({ timeout: 20_000 });
    return page;
  }

  it('the creator corrects an answer from "Correct this", adds a note and excludes a post', async () => {
    const page = await creatorPage();
    await page.goto(`${app.origin}/creator/knowledge?correct=${encodeURIComponent(QUESTION)}`);
    const answers = page.getByRole('region', { name: 'Corrected answers' });
    await expect(answers.getByLabel('Question').inputValue()).resolves.toBe(QUESTION);
    excludedCaption = await teachPersona(page, {
      answer: ANSWER,
      noteTitle: NOTE_TITLE,
      noteText: NOTE_TEXT,
    });
    await screenshotAtBothWidths(page, shotsDir, '01-creator-knowledge');

    const { rows } = await db.query<{ postId: string }>(
      `SELECT e."postId" FROM creators.creator_post_exclusions e JOIN creators.creators c ON c.id = e."creatorId" WHERE c.handle = $1`,
      [DEMO],
    );
    expect(rows).toHaveLength(1);
    excludedPostId = rows[0]!.postId;
    // Still there after a reload: the page reads what the server keeps.
    await page.reload();
    await page
      .getByRole('region', { name: 'Corrected answers' })
      .getByText(QUESTION)
      .waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it("a fan's next reply quotes the corrected answer and cites it; a note is cited; the excluded post never is", async () => {
    expect(excludedCaption).not.toBe('');
    expect(excludedPostId).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.origin}/@${DEMO}`);
    await answerAgeQuestion(page);
    const ask = chatAsker(page);

    const quoted = await ask(QUESTION);
    await expectCited(quoted, ANSWER, /^Answered by .+/);
    await screenshotAtBothWidths(page, shotsDir, '02-fan-reads-corrected-answer');

    const noted = await ask('Do you teach bakery classes on Sunday?');
    await expectCited(noted, `Yes! ${NOTE_TEXT}`, /^Note by .+/);

    // The excluded post's own words: it is never put before the model, nor cited.
    await ask(excludedCaption);
    const prompts = model.requests.map((request) => request.messages[0]?.content ?? '');
    expect(prompts.some((prompt) => prompt.includes(ANSWER))).toBe(true);
    await expectNeverCited(db, model, { caption: excludedCaption, postId: excludedPostId });
    await context.close();
  });
});
