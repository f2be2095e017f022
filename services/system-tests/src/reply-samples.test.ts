import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import {
  type FakeChatServer,
  type InProcessServices,
  startFakeChatServer,
  type TestDatabase,
} from '@backtalk/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ADULT_BIRTHDATE } from './birthdates';
import { boundaryModel, ORDINARY_REPLY } from './boundary-model';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Correct-Horse-9';
const DEMO = 'demo.creator';

/**
 * Sampled replies over HTTP (issue 23 item 4; docs/creators.md, "Sampled replies"), every service
 * in process behind the gateway, the chat model a scripted OpenAI-compatible server: replies are
 * sampled when they complete (3 a day per fan), never from a fan who opted out; only the creator
 * reads and rates their own samples; bad input is a 400 that changes nothing.
 */
describe('sampled replies (HTTP)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let model: FakeChatServer;
  let dataDir: string;
  let sql: Client;
  let creator: { userId: string; token: string };
  let otherCreator: { userId: string; token: string };
  let demoId: string;
  let otherId: string;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );
  const newUser = (prefix: string) =>
    signUpAccount(call, `${prefix}-${randomBytes(4).toString('hex')}@example.com`, PASSWORD, codeFor);
  /** A signed-in fan who gave an adult birth date. */
  const adultFan = async (prefix: string) => {
    const user = await newUser(prefix);
    const aged = await call('/api/auth/age', {
      method: 'PUT',
      body: { birthdate: ADULT_BIRTHDATE },
      token: user.token,
    });
    expect(aged).toMatchObject({ status: 200, body: { ageBand: 'adult' } });
    return { userId: user.userId, token: aged.body.session.accessToken as string };
  };
  const guest = async () => (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
  const samplesOf = (creatorId: string, token?: string) =>
    call(`/api/creators/${creatorId}/reply-samples`, token ? { token } : {});
  const rate = (sampleId: string, body: unknown, token?: string, creatorId = demoId) =>
    call(`/api/creators/${creatorId}/reply-samples/${sampleId}/rating`, {
      method: 'PUT',
      body,
      ...(token ? { token } : {}),
    });
  const storedRatings = async () =>
    (
      await sql.query(
        `SELECT id, rating FROM chat_inference.reply_samples WHERE "creatorId" = $1 ORDER BY id`,
        [demoId],
      )
    ).rows;

  /** Sends one message and reads the whole streamed reply. */
  async function ask(token: string, text: string): Promise<void> {
    const conversation = await call('/api/conversations', { body: { creatorId: demoId }, token });
    const response = await fetch(`${gateway.url}/api/conversations/${conversation.body.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Sourdough');
  }

  /** The questions sampled so far, once `count` are there (sampling ends just after the reply). */
  async function sampledQuestions(count: number): Promise<string[]> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { body } = await samplesOf(demoId, creator.token);
      if (body.samples.length >= count)
        return body.samples.map((sample: { question: string }) => sample.question);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (await samplesOf(demoId, creator.token)).body.samples.map(
      (sample: { question: string }) => sample.question,
    );
  }

  beforeAll(async () => {
    model = await startFakeChatServer(boundaryModel());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-reply-samples-http-'));
    database = await createSystemTestDatabase('reply_samples_http');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      BACKTALK_DATA_DIR: dataDir,
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-reply-samples',
      MODERATION_PROVIDER: 'none',
      FREE_TIER_MESSAGES: '50',
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const owner = await newUser('creator');
    const other = await newUser('other-creator');
    const demos = (
      await sql.query(`SELECT id, handle FROM creators.creators WHERE "demoAccount" ORDER BY handle`)
    ).rows as { id: string; handle: string }[];
    demoId = demos.find((demo) => demo.handle === DEMO)!.id;
    otherId = demos.find((demo) => demo.handle !== DEMO)!.id;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, demoId]);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [other.userId, otherId]);
    creator = owner;
    otherCreator = other;
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('samples 3 replies a day of a fan, anonymised, and none of a fan who opted out', async () => {
    const fan = await adultFan('fan');
    for (const question of [
      'Rye or wheat?',
      'How warm should dough be?',
      'Call me at 555-123-4567?',
      'Fourth?',
    ])
      await ask(fan.token, question);
    const shy = await adultFan('shy-fan');
    expect(await call('/api/reply-sampling', { token: shy.token })).toMatchObject({
      status: 200,
      body: { sampled: true },
    });
    expect(
      await call('/api/reply-sampling', { method: 'PUT', body: { sampled: false }, token: shy.token }),
    ).toMatchObject({ status: 200, body: { sampled: false } });
    await ask(shy.token, 'Please never show this one?');
    // A guest's replies are not sampled either.
    await ask(await guest(), 'A guest question?');

    expect((await sampledQuestions(3)).sort()).toEqual([
      'Call me at [phone]?',
      'How warm should dough be?',
      'Rye or wheat?',
    ]);
    const { body } = await samplesOf(demoId, creator.token);
    expect(body.samples[0].reply).toBe(ORDINARY_REPLY);
    expect(body.counts).toEqual({ up: 0, down: 0 });
    const shown = JSON.stringify(body);
    for (const id of [fan.userId, shy.userId]) expect(shown).not.toContain(id);
    expect(
      (
        await sql.query(`SELECT count(*)::int AS n FROM chat_inference.reply_samples WHERE "fanId" = $1`, [
          shy.userId,
        ])
      ).rows[0].n,
    ).toBe(0);

    const down = await rate(body.samples[0].id, { rating: 'down' }, creator.token);
    expect(down).toMatchObject({ status: 200, body: { counts: { up: 0, down: 1 } } });
  });

  it("only the creator reads and rates their persona's sampled replies", async () => {
    const [sample] = (await samplesOf(demoId, creator.token)).body.samples as { id: string }[];
    expect(sample).toBeDefined();
    const before = await storedRatings();
    const fan = await adultFan('curious-fan');
    for (const token of [await guest(), fan.token, otherCreator.token]) {
      expect((await samplesOf(demoId, token)).status).toBe(403);
      expect((await rate(sample!.id, { rating: 'up' }, token)).status).toBe(403);
    }
    // Another creator naming their own creator and this creator's sample: not theirs, 404.
    expect((await rate(sample!.id, { rating: 'up' }, otherCreator.token, otherId)).status).toBe(404);
    expect((await samplesOf(otherId, otherCreator.token)).body.samples).toEqual([]);
    expect((await samplesOf(demoId)).status).toBe(401);
    expect((await rate(sample!.id, { rating: 'up' })).status).toBe(401);
    for (const init of [{}, { method: 'PUT', body: { sampled: false } }])
      expect((await call('/api/reply-sampling', init)).status).toBe(401);
    expect((await samplesOf(randomUUID(), creator.token)).status).toBe(404);
    expect(await storedRatings()).toEqual(before);
  });

  it.each([
    ['a rating that is no thumb', { rating: 'meh' }],
    ['no rating', {}],
    ['an unknown field', { rating: 'up', fanId: randomUUID() }],
    ['a number', { rating: 1 }],
  ])('refuses %s with a 400 and changes nothing', async (_case, body) => {
    const [sample] = (await samplesOf(demoId, creator.token)).body.samples as { id: string }[];
    const before = await storedRatings();
    const refused = await rate(sample!.id, body, creator.token);
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(await storedRatings()).toEqual(before);
  });

  it('refuses a malformed sample or creator id, and a malformed switch, with a 400', async () => {
    expect((await rate('not-a-uuid', { rating: 'up' }, creator.token)).status).toBe(400);
    expect((await samplesOf('not-a-uuid', creator.token)).status).toBe(400);
    const fan = await adultFan('switch-fan');
    for (const body of [{}, { sampled: 'no' }, { sampled: false, extra: 1 }])
      expect((await call('/api/reply-sampling', { method: 'PUT', body, token: fan.token })).status).toBe(400);
    expect((await call('/api/reply-sampling', { token: fan.token })).body).toEqual({ sampled: true });
  });
});
