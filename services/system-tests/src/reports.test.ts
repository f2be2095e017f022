import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import { type InProcessServices, type TestDatabase, waitFor } from '@backtalk/testing';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Correct-Horse-9';
const DEMO = 'demo.creator';

/**
 * Reports end to end through the gateway (issue 22 item 6; docs/safety.md, "Reports"): every
 * service in process with the local test model. A fan reports a reply of their own conversation;
 * another fan can neither report nor read it; only admins list and act; a creator reads only
 * their own persona's reports, never a fan's id; each action does what it says at the fan's next
 * send (cool-down 429 with the time, suspension 403, pause 409 until the creator resumes, which
 * reaches chat-inference through the durable queue).
 */
describe('reports, their actions and the creator view (HTTP)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let dataDir: string;
  let sql: Client;
  let admin: { userId: string; token: string };
  let creator: { userId: string; token: string };
  let demoId: string;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  const newUser = async (prefix: string) => {
    const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
    return { ...(await signUpAccount(call, email, PASSWORD, codeFor)), email };
  };
  const signIn = async (email: string) =>
    (await call('/api/auth/sign-in', { body: { email, password: PASSWORD } })).body.session
      .accessToken as string;

  /** A send's answer as the browser gets it: JSON for a refusal, else the event stream's text. */
  const send = async (token: string, conversationId: string, text: string) => {
    const response = await fetch(`${gateway.url}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text }] }),
    });
    return { status: response.status, text: await response.text() };
  };

  /** A guest fan with a conversation with the demo creator and one persona reply in it. */
  const fanWithReply = async () => {
    const token = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const conversationId = (await call('/api/conversations', { body: { creatorId: demoId }, token })).body
      .id as string;
    const sent = await send(token, conversationId, 'Tell me a story');
    expect(sent.status).toBe(200);
    const { messages } = (await call(`/api/conversations/${conversationId}/messages`, { token })).body;
    const reply = (messages as { id: string; role: string }[]).find(
      (message) => message.role === 'assistant',
    )!;
    return { token, conversationId, replyId: reply.id };
  };
  const report = (fan: { token: string; conversationId: string }, messageId: string, body: unknown) =>
    call(`/api/conversations/${fan.conversationId}/messages/${messageId}/reports`, {
      body,
      token: fan.token,
    });
  const act = (reportId: string, action: string, token = admin.token) =>
    call(`/api/admin/reports/${reportId}/actions`, { body: { action }, token });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-reports-data-'));
    database = await createSystemTestDatabase('reports');
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
    const ops = await newUser('ops');
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', ops.email],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    admin = { userId: ops.userId, token: await signIn(ops.email) };
    // The demo creator, handed to a user: fans reach it without Stripe onboarding.
    const owner = await newUser('creator');
    demoId = (await sql.query(`SELECT id FROM creators.creators WHERE handle = $1`, [DEMO])).rows[0].id;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, demoId]);
    creator = { userId: owner.userId, token: owner.token };
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a fan reports their reply once; another fan's report, their own message and bad input are refused", async () => {
    const fan = await fanWithReply();
    const other = await fanWithReply();
    const filed = await report(fan, fan.replyId, { reason: 'harmful', note: 'Dangerous advice' });
    expect(filed).toMatchObject({
      status: 201,
      body: { messageId: fan.replyId, state: 'open', reason: 'harmful' },
    });
    expect(await report(fan, fan.replyId, { reason: 'other' })).toMatchObject({
      status: 409,
      body: { code: 'REPORT_ALREADY_OPEN' },
    });
    // Another fan's reply: through their own conversation or the other fan's, it is not found.
    expect(await report(fan, other.replyId, { reason: 'harmful' })).toMatchObject({
      status: 404,
      body: { code: 'MESSAGE_NOT_FOUND' },
    });
    expect(
      await report({ token: fan.token, conversationId: other.conversationId }, other.replyId, {
        reason: 'harmful',
      }),
    ).toMatchObject({ status: 404 });
    for (const body of [
      {},
      { reason: 'boring' },
      { reason: 'other', note: 'x'.repeat(1001) },
      { reason: 'other', extra: 1 },
    ])
      expect((await report(fan, fan.replyId, body)).status).toBe(400);
    expect((await sql.query(`SELECT count(*)::int AS n FROM chat_inference.message_reports`)).rows[0].n).toBe(
      1,
    );
  });

  it('only admins list and act; a creator reads only their own persona, anonymised', async () => {
    const fan = await fanWithReply();
    const { body } = await report(fan, fan.replyId, { reason: 'sexual', note: 'My name is Sam Doe' });
    const reportId = body.id as string;

    for (const token of [fan.token, creator.token]) {
      expect((await call('/api/admin/reports', { token })).status).toBe(403);
      for (const action of ['dismiss', 'lift-fan-standing', 'unhide-message'])
        expect((await act(reportId, action, token)).status).toBe(403);
    }
    const listed = await call(`/api/admin/reports?state=open&creatorId=${demoId}`, { token: admin.token });
    expect(listed.status).toBe(200);
    const mine = (
      listed.body.reports as { id: string; fanId: string; turns: { reported: boolean }[] }[]
    ).find((entry) => entry.id === reportId)!;
    expect(mine.turns.some((turn) => turn.reported)).toBe(true);
    const fanId = mine.fanId;

    const view = await call(`/api/creators/${demoId}/reports`, { token: creator.token });
    expect(view.status).toBe(200);
    const text = JSON.stringify(view.body);
    expect(text).toContain(reportId);
    expect(text).not.toContain(fanId);
    expect(text).not.toContain('Sam Doe');
    // A fan, or another creator's user, reads none of it; nor may they pause the persona.
    expect((await call(`/api/creators/${demoId}/reports`, { token: fan.token })).status).toBe(403);
    expect(
      (
        await call(`/api/creators/${demoId}/pause`, {
          method: 'PUT',
          body: { paused: true },
          token: fan.token,
        })
      ).status,
    ).toBe(403);
    expect((await call(`/api/creators/${randomUUID()}/reports`, { token: creator.token })).status).toBe(404);
    expect((await act(randomUUID(), 'dismiss')).status).toBe(404);
    expect((await act(reportId, 'delete-everything')).status).toBe(400);
  });

  it('cooling down or suspending the fan refuses their next send, with the time for a cool-down', async () => {
    const cooled = await fanWithReply();
    const first = (await report(cooled, cooled.replyId, { reason: 'harmful' })).body.id as string;
    expect((await act(first, 'cool-down-fan')).body).toMatchObject({
      state: 'actioned',
      action: 'cool-down-fan',
    });
    const refused = await send(cooled.token, cooled.conversationId, 'Hello again');
    expect(refused.text).toContain('FAN_COOLED_DOWN');
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/again in \d+ (minutes|hours) \(at \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    expect((await act(first, 'dismiss')).body).toMatchObject({ code: 'REPORT_CLOSED' });

    const suspended = await fanWithReply();
    const second = (await report(suspended, suspended.replyId, { reason: 'hateful-or-harassing' })).body
      .id as string;
    await act(second, 'suspend-fan');
    expect((await send(suspended.token, suspended.conversationId, 'Hello again')).text).toContain(
      'FAN_SUSPENDED',
    );

    // Reversible: an admin lifts each on the closed report, which stays as it was.
    for (const [reportId, fan, action] of [
      [first, cooled, 'cool-down-fan'],
      [second, suspended, 'suspend-fan'],
    ] as const) {
      expect((await act(reportId, 'lift-fan-standing')).body).toMatchObject({
        state: 'actioned',
        action,
        fanSuspended: false,
        fanCooledDownUntil: null,
      });
      expect((await send(fan.token, fan.conversationId, 'Hello again')).status).toBe(200);
    }
  });

  it('hiding a message shows it hidden to its fan; pausing the persona refuses sends until its creator resumes it', async () => {
    const fan = await fanWithReply();
    const hidden = (await report(fan, fan.replyId, { reason: 'harmful' })).body.id as string;
    await act(hidden, 'hide-message');
    const { messages } = (
      await call(`/api/conversations/${fan.conversationId}/messages`, { token: fan.token })
    ).body;
    expect(messages.find((message: { id: string }) => message.id === fan.replyId)).toMatchObject({
      content: 'This message was hidden',
      citations: [],
    });
    // Reversible: unhidden, the fan reads the reply again; the report stays actioned.
    const unhidden = await act(hidden, 'unhide-message');
    expect(unhidden.body).toMatchObject({ state: 'actioned', action: 'hide-message' });
    expect(
      (unhidden.body.turns as { reported: boolean; hidden: boolean }[]).find((turn) => turn.reported),
    ).toMatchObject({ hidden: false });
    const again = (await call(`/api/conversations/${fan.conversationId}/messages`, { token: fan.token })).body
      .messages as { id: string; content: string }[];
    expect(again.find((message) => message.id === fan.replyId)?.content).not.toBe('This message was hidden');

    const second = await fanWithReply();
    const paused = (await report(second, second.replyId, { reason: 'false-about-creator' })).body
      .id as string;
    await act(paused, 'pause-persona');
    expect((await call(`/api/creators/${demoId}`)).body.paused).toBe(true);
    await waitFor(
      async () =>
        (await send(second.token, second.conversationId, 'Are you there?')).text.includes('PERSONA_PAUSED') ||
        undefined,
      { timeoutMs: 20_000, intervalMs: 250, what: 'chat-inference to learn of the pause' },
    );

    expect(
      (
        await call(`/api/creators/${demoId}/pause`, {
          method: 'PUT',
          body: { paused: false },
          token: creator.token,
        })
      ).body,
    ).toEqual({
      creatorId: demoId,
      pausedAt: null,
    });
    await waitFor(
      async () => (await send(second.token, second.conversationId, 'Back?')).status === 200 || undefined,
      { timeoutMs: 20_000, intervalMs: 250, what: 'chat-inference to learn of the resume' },
    );
  });
});
