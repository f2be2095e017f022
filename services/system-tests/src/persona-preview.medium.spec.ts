import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import type { FakeChatServer, InProcessServices } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { FAMILY_REPLY, ORDINARY_REPLY } from './boundary-model';
import { DRAFT_REPLY, DRAFT_RULE, previewModel } from './preview-model';
import { type ScriptedChatServices, startScriptedChatServices } from './scripted-chat-services';

jest.setTimeout(120_000);

const DEMO = 'demo.creator';
const DECLINE = 'Family stays private, sorry!';

/**
 * /creator/preview's answers (docs/creators.md, "Drafts, preview and publish"): creators and
 * chat-inference in process, the chat model a scripted OpenAI-compatible server. The draft answers
 * with its own prompt and boundaries while fans keep the published persona; nothing is stored or
 * counted; only the creator's own draft is reachable; after publishing, the published persona is
 * the former draft.
 */
describe('persona preview', () => {
  let stack: ScriptedChatServices;
  let services: InProcessServices;
  let model: FakeChatServer;
  let sql: Client;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };

  const ask = (question: string, version: 'draft' | 'published', actor = owner, history: never[] = []) =>
    services.client.request(Subjects.ChatPersonaPreviewAsk, { actor, question, version, history }, 60_000);
  const chatRows = async () =>
    Number(
      (
        await sql.query(
          `SELECT (SELECT count(*) FROM chat_inference.conversations) + (SELECT count(*) FROM chat_inference.messages)
                + (SELECT count(*) FROM chat_inference.free_tier_counters) AS n`,
        )
      ).rows[0].n,
    );

  beforeAll(async () => {
    stack = await startScriptedChatServices('persona_preview', previewModel);
    ({ services, model, sql } = stack);
    const creatorId = await stack.creatorIdOf(DEMO);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    await services.client.request(Subjects.CreatorsBoundariesSet, {
      actor: owner,
      creatorId,
      boundaries: [],
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('the draft answers with its prompt and boundaries, the published persona as fans get it; nothing stored', async () => {
    const before = await chatRows();
    await services.client.request(Subjects.CreatorsDraftSave, {
      actor: owner,
      creatorPrompt: DRAFT_RULE,
      boundaries: [{ topic: 'my family', decline: DECLINE }],
    });

    const [draft, published] = await Promise.all([
      ask('Who are you?', 'draft'),
      ask('Who are you?', 'published'),
    ]);
    expect(draft).toEqual({ version: 'draft', outcome: 'answered', text: DRAFT_REPLY, topic: null });
    expect(published).toEqual({
      version: 'published',
      outcome: 'answered',
      text: ORDINARY_REPLY,
      topic: null,
    });

    // The draft's boundary declines; the published persona has none yet.
    await services.client.request(Subjects.CreatorsDraftSave, { actor: owner, creatorPrompt: 'Be kind.' });
    const family = 'How are your mom and dad?';
    expect(await ask(family, 'draft')).toEqual({
      version: 'draft',
      outcome: 'declined',
      text: DECLINE,
      topic: 'my family',
    });
    expect((await ask(family, 'published')).text).toBe(FAMILY_REPLY);
    expect(await chatRows()).toBe(before);
  });

  it('earlier turns of the preview chat reach the model', async () => {
    const history = [
      { role: 'fan', text: 'Remember the word kumquat.' },
      { role: 'persona', text: 'Noted: kumquat.' },
    ] as never[];
    await ask('Which word?', 'draft', owner, history);
    const persona = model.requests.findLast((request) =>
      request.messages.some((message) => message.role === 'system'),
    );
    const sent = persona!.messages.map((message) => message.content);
    expect(sent).toEqual(expect.arrayContaining(['Remember the word kumquat.', 'Noted: kumquat.']));
  });

  it.each([
    ['a fan', { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' }],
    ['a guest', { userId: owner.userId, userType: 'guest', groups: [], ageBand: 'adult' }],
  ] as [string, Actor][])('%s has no draft to preview, and the model is never asked', async (_who, actor) => {
    const asked = model.requests.length;
    await expect(ask('Who are you?', 'draft', actor)).rejects.toMatchObject({
      code: ErrorCode.CreatorNotFound,
    });
    expect(model.requests.length).toBe(asked);
  });

  it('after publishing, fans and the published preview get the former draft', async () => {
    await services.client.request(Subjects.CreatorsDraftSave, { actor: owner, creatorPrompt: DRAFT_RULE });
    await services.client.request(Subjects.CreatorsDraftPublish, { actor: owner });
    expect((await ask('Who are you?', 'published')).text).toBe(DRAFT_REPLY);
    expect(await ask('How is your family?', 'published')).toMatchObject({
      outcome: 'declined',
      text: DECLINE,
    });
  });
});
