import type { FakeChatRequest, FakeChatServer } from '@backtalk/testing';
import type { Client } from 'pg';
import type { Locator, Page } from 'playwright-core';
import type { HttpCall } from './gateway-http';

/**
 * A new guest fan (through the API) opens a chat with the creator and asks each question in turn,
 * reading each reply to its end: how the studio tests seed what fans ask.
 */
export async function askAsGuest(
  origin: string,
  call: HttpCall,
  creatorId: string,
  questions: string[],
): Promise<void> {
  const token = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
  const conversationId = (await call('/api/conversations', { body: { creatorId }, token })).body.id as string;
  for (const text of questions) {
    const response = await fetch(`${origin}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text }] }),
    });
    if (response.status !== 200) throw new Error(`a fan's question was refused: ${response.status}`);
    await response.text();
  }
}

/**
 * The persona answers from its prompt: a corrected answer word for word, a note's text prefixed
 * with 'Yes! ', or `otherwise(request)`.
 */
export function knowledgeAnswer(
  request: FakeChatRequest,
  otherwise: (request: FakeChatRequest) => string,
): string {
  const system = request.messages[0]?.content ?? '';
  const answer = /<answer>\nQuestion: [^\n]*\nAnswer: ([\s\S]*?)\n<\/answer>/.exec(system)?.[1];
  if (answer) return answer;
  const note = /<note>\n[^\n]*\n([\s\S]*?)\n<\/note>/.exec(system)?.[1];
  if (note) return `Yes! ${note}`;
  return otherwise(request);
}

/**
 * On /creator/knowledge with the question filled in (from 'Correct this'): saves the creator's
 * answer, adds a note, excludes the first post and waits until the persona knows all of it.
 * Answers the excluded post's caption.
 */
export async function teachPersona(
  page: Page,
  knowledge: { answer: string; noteTitle: string; noteText: string },
): Promise<string> {
  const answers = page.getByRole('region', { name: 'Corrected answers' });
  await answers.getByLabel('Your answer').fill(knowledge.answer);
  await answers.getByRole('button', { name: 'Save answer' }).click();
  await answers.getByText(knowledge.answer).waitFor({ timeout: 20_000 });

  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByText('No notes yet.', { exact: false }).waitFor();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await notes.getByLabel('Title').fill(knowledge.noteTitle);
  await notes.getByLabel('Note').fill(knowledge.noteText);
  await notes.getByRole('button', { name: 'Save note' }).click();
  await notes.getByText(knowledge.noteText).waitFor({ timeout: 20_000 });

  const posts = page.getByRole('region', { name: 'Posts' });
  const first = posts.getByRole('checkbox').first();
  const caption = ((await first.getAttribute('aria-label')) ?? '').replace(
    /^Persona may use: (.*) \(\d{4}-\d\d-\d\d\)$/,
    '$1',
  );
  // The box follows the server: it is unchecked once the exclusion is stored.
  await first.click();
  await posts.getByText('· excluded', { exact: false }).first().waitFor({ timeout: 20_000 });
  await page
    .getByTestId('knowledge-indexing')
    .getByText('Your persona knows all of this.')
    .waitFor({ timeout: 60_000 });
  return caption;
}

/** Asks in the fan's open chat; answers the reply's bubble once it has ended. */
export function chatAsker(page: Page): (text: string) => Promise<Locator> {
  return async (text) => {
    const replies = page.locator('[data-testid="chat-message"][data-role="assistant"]');
    const before = await replies.count();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
    try {
      await replies.nth(before).waitFor({ timeout: 60_000 });
      await page.getByRole('status', { name: /is typing/ }).waitFor({ state: 'detached', timeout: 60_000 });
    } catch (error) {
      throw new Error(`No reply to ${JSON.stringify(text)}; the chat showed: ${await chatState(page)}`, {
        cause: error,
      });
    }
    return replies.nth(before);
  };
}

/** What the fan's chat shows, for a failure's message: its messages, alerts and statuses. */
async function chatState(page: Page): Promise<string> {
  const texts = async (locator: Locator) =>
    (await locator.allInnerTexts().catch(() => [])).map((text) => text.replace(/\s+/g, ' ').trim());
  return JSON.stringify({
    messages: await texts(page.getByTestId('chat-message')),
    alerts: await texts(page.getByRole('alert')),
    statuses: await texts(page.getByRole('status')),
    draft: await page
      .getByRole('textbox', { name: 'Message' })
      .inputValue()
      .catch(() => null),
  });
}

/** The reply shows `text` and lists a source labelled like `source` ('Answered by …', 'Note by …'). */
export async function expectCited(reply: Locator, text: string, source: RegExp): Promise<void> {
  await reply.getByText(text, { exact: true }).waitFor({ timeout: 60_000 });
  await reply.getByRole('list', { name: 'Sources' }).getByText(source).first().waitFor({ timeout: 20_000 });
}

/** The excluded post was never put before the model, and no stored reply cites it (some cite posts). */
export async function expectNeverCited(
  db: Client,
  model: FakeChatServer,
  excluded: { caption: string; postId: string },
): Promise<void> {
  const prompts = model.requests.map((request) => request.messages[0]?.content ?? '');
  expect(prompts.every((prompt) => !prompt.includes(`Caption: ${excluded.caption}`))).toBe(true);
  const { rows } = await db.query<{ citations: Array<{ postId: string }> }>(
    `SELECT citations FROM chat_inference.messages WHERE role = 'assistant'`,
  );
  const cited = rows.flatMap((row) => row.citations.map((citation) => citation.postId));
  expect(cited.length).toBeGreaterThan(0);
  expect(cited).not.toContain(excluded.postId);
}
