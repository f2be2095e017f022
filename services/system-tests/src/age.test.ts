import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { birthdateAged } from './birthdates';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Correct-Horse-9';
const ADULTS_ONLY = 'dez.looks.up';

/**
 * Age over HTTP, every service in process (docs/safety.md, "Age"): an under-13 sign-up is refused
 * with nothing stored; a 15-year-old — a guest who chose 13–15, or an account with its birth date —
 * can neither open nor send to a creator whose audience is 18+, which the creator set through the
 * gateway (another user cannot); a 16+ audience lets a 16–17 fan in.
 */
describe('age: the COPPA refusal and audience minimums (HTTP)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let dataDir: string;
  let sql: Client;
  let creatorToken: string;
  let adultsOnlyId: string;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );
  const newEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const count = async (query: string, parameters: unknown[] = []) =>
    (await sql.query(query, parameters)).rows[0].n as number;

  const send = async (token: string, conversationId: string) => {
    const response = await fetch(`${gateway.url}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text: 'Hello there' }] }),
    });
    return { status: response.status, text: await response.text() };
  };
  const open = (token: string, creatorId = adultsOnlyId) =>
    call('/api/conversations', { body: { creatorId }, token });
  const setAudience = (token: string, audienceMinimum: string) =>
    call(`/api/creators/${adultsOnlyId}/audience`, { method: 'PUT', body: { audienceMinimum }, token });
  /** A guest who answered the age question with `ageBand`: the answer's token carries it. */
  const guestOf = async (ageBand: string) => {
    const guest = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const answered = await call('/api/auth/age', { method: 'PUT', body: { ageBand }, token: guest });
    expect(answered).toMatchObject({ status: 200, body: { ageBand } });
    return answered.body.session.accessToken as string;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-age-data-'));
    database = await createSystemTestDatabase('age');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      BACKTALK_DATA_DIR: dataDir,
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      LLM_PRELOAD: 'false',
      FREE_TIER_MESSAGES: '50',
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // A demo creator handed to a user: fans reach it without Stripe onboarding.
    const owner = await signUpAccount(call, newEmail('creator'), PASSWORD, codeFor);
    adultsOnlyId = (await sql.query(`SELECT id FROM creators.creators WHERE handle = $1`, [ADULTS_ONLY]))
      .rows[0].id;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, adultsOnlyId]);
    creatorToken = owner.token;
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an under-13 sign-up with 403 AGE_UNDER_13 and keeps nothing of it', async () => {
    const email = newEmail('kid');
    const before = await count(`SELECT count(*)::int AS n FROM identity.users`);
    const answer = await call('/api/auth/sign-up', {
      body: { email, password: PASSWORD, attributes: { birthdate: birthdateAged(13, 1) } },
    });
    expect(answer).toMatchObject({
      status: 403,
      body: { code: 'AGE_UNDER_13', message: expect.stringContaining('at least 13 years old') },
    });
    expect(await count(`SELECT count(*)::int AS n FROM identity.users`)).toBe(before);
    expect(
      await count(`SELECT count(*)::int AS n FROM identity.outbox_messages WHERE "to" = $1`, [email]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM identity.rate_limits WHERE key LIKE '%' || $1 || '%'`, [
        email,
      ]),
    ).toBe(0);
  });

  it("lets only the creator's own user set the audience; a 15-year-old guest then can neither open nor send", async () => {
    const fan = await guestOf('13-15');
    // Opened while the chat was for 13+.
    const conversation = await open(fan);
    expect(conversation.status).toBe(201);

    expect(await setAudience(fan, '13+')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await setAudience(creatorToken, '21+')).toMatchObject({ status: 400 });
    expect(await setAudience(creatorToken, '18+')).toMatchObject({
      status: 200,
      body: { creatorId: adultsOnlyId, audienceMinimum: '18+' },
    });
    expect((await call(`/api/creators/${adultsOnlyId}`)).body.audienceMinimum).toBe('18+');

    expect(await open(fan)).toMatchObject({ status: 403, body: { code: 'AUDIENCE_MINIMUM_NOT_MET' } });
    const sent = await send(fan, conversation.body.id as string);
    expect(sent.status).toBe(403);
    expect(JSON.parse(sent.text)).toMatchObject({ code: 'AUDIENCE_MINIMUM_NOT_MET' });
    expect(
      await count(`SELECT count(*)::int AS n FROM chat_inference.messages WHERE "conversationId" = $1`, [
        conversation.body.id,
      ]),
    ).toBe(0);
  });

  it('refuses a 15-year-old account (its birth date given once) and lets an adult in', async () => {
    await setAudience(creatorToken, '18+');
    const teen = await signUpAccount(call, newEmail('teen'), PASSWORD, codeFor);
    const answered = await call('/api/auth/age', {
      method: 'PUT',
      body: { birthdate: birthdateAged(15) },
      token: teen.token,
    });
    expect(answered).toMatchObject({ status: 200, body: { ageBand: '13-15' } });
    const token = answered.body.session.accessToken as string;
    expect(await call('/api/auth/session', { token })).toMatchObject({ body: { ageBand: '13-15' } });
    expect(await open(token)).toMatchObject({ status: 403, body: { code: 'AUDIENCE_MINIMUM_NOT_MET' } });
    // Asked once: a second answer cannot make the account older.
    expect(
      await call('/api/auth/age', { method: 'PUT', body: { birthdate: birthdateAged(30) }, token }),
    ).toMatchObject({ status: 409, body: { code: 'AGE_ALREADY_SET' } });

    const adult = await guestOf('adult');
    const opened = await open(adult);
    expect(opened.status).toBe(201);
    expect((await send(adult, opened.body.id as string)).status).toBe(200);
  });

  it('lists an 18+ creator on /discover only to a fan whose token says adult', async () => {
    await setAudience(creatorToken, '18+');
    const found = async (token?: string) =>
      (
        (await call(`/api/discover/creators?q=${ADULTS_ONLY}`, token ? { token } : {})).body.creators as {
          id: string;
        }[]
      ).map((creator) => creator.id);
    expect(await found()).toEqual([]);
    expect(await found('not-a-token')).toEqual([]);
    expect(await found(await guestOf('16-17'))).toEqual([]);
    expect(await found(await guestOf('adult'))).toEqual([adultsOnlyId]);
    await setAudience(creatorToken, '13+');
    expect(await found()).toEqual([adultsOnlyId]);
  });

  it('lets a 16–17 fan into a 16+ chat, and gives a guest under 13 no account at all', async () => {
    await setAudience(creatorToken, '16+');
    expect((await open(await guestOf('16-17'))).status).toBe(201);
    expect((await open(await guestOf('13-15'))).status).toBe(403);

    const guest = await call('/api/auth/guest', { body: {} });
    const userId = guest.body.userId as string;
    expect(
      await call('/api/auth/age', {
        method: 'PUT',
        body: { ageBand: 'under-13' },
        token: guest.body.tokens.accessToken,
      }),
    ).toMatchObject({ status: 403, body: { code: 'AGE_UNDER_13' } });
    expect(await count(`SELECT count(*)::int AS n FROM identity.users WHERE id = $1`, [userId])).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM identity.guest_users WHERE "cognitoUsername" = $1`, [
        userId,
      ]),
    ).toBe(0);
  });
});
