import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import {
  type FakeChatServer,
  type InProcessServices,
  startFakeChatServer,
  type TestDatabase,
} from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { DRAFT_REPLY, DRAFT_RULE, previewModel } from './preview-model';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Sunny-Day-42';

/**
 * Drafts and the preview over HTTP (docs/creators.md, "Drafts, preview and publish"), the
 * authorization rows: a creator reads, changes, publishes and previews only their own draft (no
 * route names a creator, so another creator meets their own); a fan or a guest has no draft
 * (404 CREATOR_NOT_FOUND) and a caller without a token gets 401; none of them changes the owner's
 * draft or what fans get.
 */
describe('drafts and the preview over HTTP', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let model: FakeChatServer;
  let sql: Client;
  let dataDir: string;
  let owner: { userId: string; token: string };
  let other: { userId: string; token: string };
  let ownerCreatorId: string;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );
  const newUser = (prefix: string) =>
    signUpAccount(call, `${prefix}-${randomBytes(4).toString('hex')}@example.com`, PASSWORD, codeFor);
  const guest = async () => (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
  const publishedPrompt = async () =>
    (await sql.query(`SELECT "creatorPrompt" FROM creators.creators WHERE id = $1`, [ownerCreatorId])).rows[0]
      .creatorPrompt as string;

  beforeAll(async () => {
    model = await startFakeChatServer(previewModel);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-preview-http-'));
    database = await createSystemTestDatabase('preview_http');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      BACKTALK_DATA_DIR: dataDir,
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'scripted',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-preview',
      MODERATION_PROVIDER: 'none',
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    owner = await newUser('creator');
    other = await newUser('other-creator');
    const demos = (await sql.query(`SELECT id FROM creators.creators WHERE "demoAccount" ORDER BY handle`))
      .rows as { id: string }[];
    ownerCreatorId = demos[0].id;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, demos[0].id]);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [other.userId, demos[1].id]);
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a creator previews and publishes their own draft only', async () => {
    const before = await publishedPrompt();
    const saved = await call('/api/creator/draft', {
      method: 'PUT',
      token: owner.token,
      body: { creatorPrompt: DRAFT_RULE },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { creatorId: ownerCreatorId, changed: { creatorPrompt: true } },
    });

    // Another creator meets their own draft: never the owner's, and their publish leaves it alone.
    const theirs = await call('/api/creator/draft', { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.creatorId).not.toBe(ownerCreatorId);
    expect(theirs.body.draft.creatorPrompt).not.toBe(DRAFT_RULE);
    expect((await call('/api/creator/draft/publish', { token: other.token, body: {} })).status).toBe(200);
    expect((await call('/api/creator/draft', { method: 'DELETE', token: other.token })).status).toBe(200);
    const otherAsk = await call('/api/creator/preview', {
      token: other.token,
      body: { question: 'Who are you?', version: 'draft' },
    });
    expect(otherAsk.body.text).not.toBe(DRAFT_REPLY);

    // A fan, a guest and no token at all.
    const fan = (await newUser('fan')).token;
    for (const token of [fan, await guest()]) {
      expect((await call('/api/creator/draft', { token })).status).toBe(404);
      expect(
        (await call('/api/creator/draft', { method: 'PUT', token, body: { creatorPrompt: 'Mine.' } })).status,
      ).toBe(404);
      expect((await call('/api/creator/draft/publish', { token, body: {} })).status).toBe(404);
      expect((await call('/api/creator/draft', { method: 'DELETE', token })).status).toBe(404);
      expect(
        (await call('/api/creator/preview', { token, body: { question: 'Hi?', version: 'draft' } })).status,
      ).toBe(404);
    }
    expect((await call('/api/creator/draft', {})).status).toBe(401);
    expect((await call('/api/creator/preview', { body: { question: 'Hi?', version: 'draft' } })).status).toBe(
      401,
    );

    // The owner's draft is intact and still unpublished; the owner previews and publishes it.
    expect(await publishedPrompt()).toBe(before);
    const ask = await call('/api/creator/preview', {
      token: owner.token,
      body: { question: 'Who are you?', version: 'draft' },
    });
    expect(ask).toMatchObject({
      status: 200,
      body: { version: 'draft', outcome: 'answered', text: DRAFT_REPLY },
    });
    expect((await call('/api/creator/draft/publish', { token: owner.token, body: {} })).status).toBe(200);
    expect(await publishedPrompt()).toBe(DRAFT_RULE);
  });
});
