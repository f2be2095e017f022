import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { startPacedOpenAiServer } from './paced-model';
import {
  type RunningCluster,
  backendServices,
  startCluster,
  startSecondGateway,
  waitUntilAnswering,
} from './processes';
import { createSystemTestDatabase } from './service-databases';
import { type Opened, openSse } from './sse-client';

jest.setTimeout(240_000);

const PASSWORD = 'Correct-Horse-9';
const REPLY = 'Hello from the persona, happy to help.';

interface EventMessage {
  id: string;
  role: string;
  content: string;
}

/**
 * Issue 23 item 5 across replicas (cluster mode): two gateways and two chat-inference replicas.
 * The fan's open chat follows its conversation's events on gateway A; the creator, on gateway B,
 * replies in person and the fan's stream receives it live. While the creator holds the thread
 * the persona is paused: the fan's message sent through gateway A reaches the creator's own event
 * stream on gateway B, and nothing answers it. Handing back (gateway B) reaches the fan's stream
 * on A, and the persona answers again.
 */
describeWithNats('in-person replies across replicas (cluster mode)', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let sql: Client;
  let gatewayA: string;
  let gatewayB: string;
  const callA = gatewayHttp(() => gatewayA);
  const callB = gatewayHttp(() => gatewayB);
  const streams: Opened[] = [];

  beforeAll(async () => {
    paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 50, interTokenDelayMs: 10 });
    database = await createSystemTestDatabase('inbox_cluster');
    const env = {
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: `inbox${randomBytes(4).toString('hex')}.`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'paced',
      LLM_BASE_URL: paced.url,
      OPENAI_API_KEY: 'test',
      // Two free messages: the fan is at the limit when the creator takes the chat.
      FREE_TIER_MESSAGES: '2',
    };
    cluster = await startCluster(env, backendServices, ['chat-inference']);
    gatewayA = cluster.gatewayUrl;
    await waitUntilAnswering(cluster, 90_000);
    gatewayB = await startSecondGateway(cluster, env);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.leave();
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
    await paced?.close();
  });

  const follow = async (base: string, conversationId: string, token: string) => {
    const stream = await openSse(base, 'GET', `/api/conversations/${conversationId}/events`, token);
    streams.push(stream);
    return stream;
  };
  const messagesOf = (stream: Opened) =>
    stream.events.filter((event) => event.event === 'message').map((event) => event.data as EventMessage);
  const inPersonOf = (stream: Opened) =>
    stream.events
      .filter((event) => event.event === 'in-person')
      .map((event) => (event.data as { inPerson: boolean }).inPerson);
  const until = (what: string, check: () => boolean) =>
    waitFor(async () => check() || undefined, { timeoutMs: 20_000, intervalMs: 50, what }).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${cluster.output.slice(-30).join('\n')}`);
      },
    );
  const send = async (base: string, token: string, conversationId: string, text: string) => {
    const sent = await openSse(base, 'POST', `/api/conversations/${conversationId}/messages`, token, {
      body: { content: [{ text }] },
    });
    await sent.ended;
    return sent;
  };
  const roles = async (conversationId: string) =>
    (
      await sql.query(
        `SELECT role FROM chat_inference.messages WHERE "conversationId" = $1 ORDER BY "createdAt", id`,
        [conversationId],
      )
    ).rows.map((row: { role: string }) => row.role);

  it("the fan's open chat on one gateway receives the creator's in-person reply sent through another; the persona waits, uncharged, until handed back", async () => {
    const suffix = randomBytes(4).toString('hex');
    const owner = await signUpAccount(
      callB,
      `creator-${suffix}@example.com`,
      PASSWORD,
      outboxCode(outboxOverHttp(callB)),
    );
    // The demo creator, handed to a user: fans reach it without Stripe onboarding.
    const creatorId = (await callA('/api/creators/by-handle/demo.creator')).body.id as string;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);

    const fan = (await callA('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const conversationId = (await callA('/api/conversations', { body: { creatorId }, token: fan })).body
      .id as string;
    for (const text of ['Do you read these yourself?', 'Anyone there?']) {
      const answered = await send(gatewayA, fan, conversationId, text);
      expect(answered.events.some((event) => event.event === 'fragment')).toBe(true);
    }
    const mayWrite = async () =>
      (await callA('/api/chat/rate-limit', { token: fan, body: { creatorId, message: 'One more?' } })).body
        .canSendMessage as boolean;
    expect(await mayWrite()).toBe(false);
    expect(
      (
        await callA(`/api/conversations/${conversationId}/in-person`, {
          method: 'PUT',
          token: fan,
          body: { creatorMayRead: true },
        })
      ).status,
    ).toBe(200);

    // The fan's page on gateway A; the creator's inbox thread on gateway B.
    const fanEvents = await follow(gatewayA, conversationId, fan);
    const creatorEvents = await follow(gatewayB, conversationId, owner.token);
    expect([fanEvents.status, creatorEvents.status]).toEqual([200, 200]);
    // A stranger follows nothing of it.
    const stranger = (await callB('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const refused = await openSse(gatewayB, 'GET', `/api/conversations/${conversationId}/events`, stranger);
    expect(refused.status).toBe(404);
    // A 200 means the first watch answered: each stream is held by a chat-inference replica now.
    const reply = await callB(`/api/creators/${creatorId}/inbox/${conversationId}/replies`, {
      token: owner.token,
      body: { text: 'Yes, this is really me.' },
    });
    expect(reply.status).toBe(201);
    await until("the in-person reply on the fan's stream (gateway A)", () =>
      messagesOf(fanEvents).some((message) => message.content === 'Yes, this is really me.'),
    );
    expect(messagesOf(fanEvents)).toEqual([
      expect.objectContaining({ role: 'creator', id: reply.body.message.id }),
    ]);
    await until('the in-person mode on the fan stream', () => inPersonOf(fanEvents).includes(true));

    // Held in person: a fan at the limit may still write — the message costs nothing — and it goes
    // live (gateway A) to the creator's stream (gateway B), unanswered.
    expect(await mayWrite()).toBe(true);
    const streamed = paced.stats.streamed;
    const held = await send(gatewayA, fan, conversationId, 'Wow! What camera do you use?');
    expect(held.status).toBe(200);
    expect(held.events.filter((event) => event.event === 'fragment')).toEqual([]);
    await until("the fan's message on the creator's stream (gateway B)", () =>
      messagesOf(creatorEvents).some(
        (message) => message.role === 'user' && message.content === 'Wow! What camera do you use?',
      ),
    );
    expect((await roles(conversationId)).slice(-2)).toEqual(['creator', 'user']);
    expect(paced.stats.streamed).toBe(streamed);
    // The fan's stream carries it too (their chat shows only the creator's messages from it).
    expect(messagesOf(fanEvents).map((message) => message.role)).toEqual(['creator', 'user']);

    const handBack = await callB(`/api/creators/${creatorId}/inbox/${conversationId}/hand-back`, {
      token: owner.token,
      body: {},
    });
    expect(handBack).toEqual({ status: 200, body: { inPerson: false } });
    await until('the hand-back on the fan stream (gateway A)', () => inPersonOf(fanEvents).at(-1) === false);
    // Handed back: the persona answers again, and with it the fan's limit applies.
    expect(await mayWrite()).toBe(false);
    const after = await send(gatewayA, fan, conversationId, 'Thanks, bye!');
    expect(after.status).toBe(429);
    expect((await roles(conversationId)).slice(-2)).toEqual(['creator', 'user']);
  });
});
