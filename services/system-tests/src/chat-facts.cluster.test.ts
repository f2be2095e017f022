import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { backendServices, type RunningCluster, repoRoot, startCluster } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(240_000);

const PASSWORD = 'Correct-Horse-9';
/** Fans who chat first, so each of the two replicas most likely holds a copy of the persona. */
const FANS = 8;

/**
 * The per-replica copies of a send's facts across processes (docs/architecture.md, "Facts a send
 * reads from other services"): two chat-inference replicas in one queue group, creators' durable
 * `chat-inference.persona.changed` taken by one of them, whose `chat-inference.fact.changed` makes
 * every replica drop its copy — so once the creator makes the chat 18+, no 16-year-old's send gets
 * through on either replica (a replica left with its copy would let about half of them through
 * until its TTL, raised here to 10 minutes, ran out).
 */
describeWithNats('cluster mode: a persona change reaches every chat-inference replica', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let sql: Client;
  const call = gatewayHttp(() => cluster.gatewayUrl);
  const codeFor = outboxCode(outboxOverHttp(call));

  beforeAll(async () => {
    database = await createSystemTestDatabase('chat_facts_cluster');
    cluster = await startCluster(
      {
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: `facts${randomBytes(4).toString('hex')}.`,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        LLM_MAX_TOKENS: '16',
        // A replica the broadcast missed would keep its copy this long: only the broadcast can pass.
        CHAT_FACTS_TTL_SECONDS: '600',
      },
      backendServices,
      ['chat-inference'],
    );
    await cluster.whenHealthy('all services to report up');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
  });

  const send = async (token: string, conversationId: string) => {
    const response = await fetch(`${cluster.gatewayUrl}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text: 'Hello there' }] }),
    });
    const text = await response.text();
    return {
      status: response.status,
      code: response.ok ? null : (JSON.parse(text) as { code: string }).code,
    };
  };
  const teenGuest = async () => {
    const guest = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const answered = await call('/api/auth/age', { method: 'PUT', body: { ageBand: '16-17' }, token: guest });
    expect(answered.status).toBe(200);
    return answered.body.session.accessToken as string;
  };

  it("a creator's 18+ rating refuses every 16-year-old's next send, whichever replica takes it", async () => {
    const suffix = randomBytes(4).toString('hex');
    const owner = await signUpAccount(call, `creator-${suffix}@example.com`, PASSWORD, codeFor);
    // The demo creator, handed to a user before anyone chats: fans reach it without Stripe onboarding.
    const creatorId = (await call('/api/creators/featured')).body.id as string;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    const fans: { token: string; conversationId: string }[] = [];
    for (let index = 0; index < FANS; index++) {
      const token = await teenGuest();
      const opened = await call('/api/conversations', { body: { creatorId }, token });
      expect(opened.status).toBe(201);
      fans.push({ token, conversationId: opened.body.id as string });
    }
    // At once, so each replica most likely takes some and keeps the persona (13+) it read now.
    const first = await Promise.all(fans.map((fan) => send(fan.token, fan.conversationId)));
    expect(first.map(({ status }) => status)).toEqual(fans.map(() => 200));

    const rated = await call(`/api/creators/${creatorId}/audience`, {
      method: 'PUT',
      body: { audienceMinimum: '18+' },
      token: owner.token,
    });
    expect(rated.status).toBe(200);
    // The announcement is on its way (JetStream, then the broadcast): the first refusal says it arrived.
    await waitFor(
      async () => ((await send(fans[0]!.token, fans[0]!.conversationId)).status === 403 ? true : undefined),
      { timeoutMs: 20_000, intervalMs: 200, what: 'a refused send' },
    );
    const after = await Promise.all(fans.map((fan) => send(fan.token, fan.conversationId)));
    expect(after).toEqual(fans.map(() => ({ status: 403, code: 'AUDIENCE_MINIMUM_NOT_MET' })));
  });
});
