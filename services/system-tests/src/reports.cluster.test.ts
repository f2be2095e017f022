import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { type RunningCluster, repoRoot, startCluster } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(240_000);

const PASSWORD = 'Correct-Horse-9';

/**
 * Reports across processes (issue 22 item 6): each service its own process over real NATS, so
 * the report's pause reaches creators by request and chat-inference by JetStream — a fan's
 * report, an admin's 'pause persona', the fan's send refused (PERSONA_PAUSED) once
 * chat-inference's durable consumer took creators' change, and sending again once the creator
 * resumes.
 */
describeWithNats('cluster mode: a report pauses a persona across processes', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let sql: Client;
  const call = gatewayHttp(() => cluster.gatewayUrl);
  const codeFor = outboxCode(outboxOverHttp(call));

  beforeAll(async () => {
    database = await createSystemTestDatabase('reports_cluster');
    cluster = await startCluster({
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: `reports${randomBytes(4).toString('hex')}.`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
    });
    await cluster.whenHealthy('all seven services to report up');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
  });

  const send = async (token: string, conversationId: string, text: string) => {
    const response = await fetch(`${cluster.gatewayUrl}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text }] }),
    });
    return { status: response.status, text: await response.text() };
  };

  it("an admin's 'pause persona' on a report stops the fan's sends until the creator resumes", async () => {
    const suffix = randomBytes(4).toString('hex');
    const ops = await signUpAccount(call, `ops-${suffix}@example.com`, PASSWORD, codeFor);
    const owner = await signUpAccount(call, `creator-${suffix}@example.com`, PASSWORD, codeFor);
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', `ops-${suffix}@example.com`],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    const adminToken = (
      await call('/api/auth/sign-in', { body: { email: `ops-${suffix}@example.com`, password: PASSWORD } })
    ).body.session.accessToken as string;
    expect(ops.userId).toBeTruthy();
    // The demo creator, handed to a user: fans reach it without Stripe onboarding.
    const creatorId = (await call('/api/creators/featured')).body.id as string;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);

    const fan = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const conversationId = (await call('/api/conversations', { body: { creatorId }, token: fan })).body
      .id as string;
    expect((await send(fan, conversationId, 'Tell me a story')).status).toBe(200);
    const { messages } = (await call(`/api/conversations/${conversationId}/messages`, { token: fan })).body;
    const reply = (messages as { id: string; role: string }[]).find(
      (message) => message.role === 'assistant',
    )!;
    const report = await call(`/api/conversations/${conversationId}/messages/${reply.id}/reports`, {
      body: { reason: 'false-about-creator' },
      token: fan,
    });
    expect(report.status).toBe(201);

    const acted = await call(`/api/admin/reports/${report.body.id}/actions`, {
      body: { action: 'pause-persona' },
      token: adminToken,
    });
    expect(acted).toMatchObject({ status: 200, body: { state: 'actioned', action: 'pause-persona' } });
    expect((await call(`/api/creators/${creatorId}`)).body.paused).toBe(true);
    await waitFor(
      async () =>
        (await send(fan, conversationId, 'Still there?')).text.includes('PERSONA_PAUSED') || undefined,
      { timeoutMs: 30_000, intervalMs: 250, what: "chat-inference's durable consumer to take the pause" },
    );

    const resumed = await call(`/api/creators/${creatorId}/pause`, {
      method: 'PUT',
      body: { paused: false },
      token: owner.token,
    });
    expect(resumed).toEqual({ status: 200, body: { creatorId, pausedAt: null } });
    await waitFor(
      async () => {
        const answer = await send(fan, conversationId, 'Back?');
        return (answer.status === 200 && !answer.text.includes('PERSONA_PAUSED')) || undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: "chat-inference's durable consumer to take the resume" },
    );
  });
});
