import { describeWithNats, testNatsUrl, type TestDatabase } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { startPacedOpenAiServer } from './paced-model';
import { type Opened, openSse } from './sse-client';
import { createSystemTestDatabase } from './service-databases';
import {
  type RunningCluster,
  backendServices,
  startCluster,
  startSecondGateway,
  waitUntilAnswering,
} from './processes';

/** 80 tokens at 60 ms: a reply streams for about 5 s. */
const REPLY = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');

/**
 * Issue 24 item 3, "Done when": the resume endpoint across two gateway replicas in cluster mode. A
 * fan leaves a reply mid-stream on gateway A and attaches on gateway B with Last-Event-ID; a second
 * device attaches on gateway A without it; each reads the whole reply exactly once, as stored.
 */
describeWithNats('replies that resume anywhere (two gateway replicas, cluster mode)', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let gatewayA: string;
  let gatewayB: string;
  let creatorId: string;

  beforeAll(async () => {
    paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 200, interTokenDelayMs: 60 });
    database = await createSystemTestDatabase('chat_resume');
    const env = {
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: `test${randomBytes(4).toString('hex')}.`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'paced',
      LLM_BASE_URL: paced.url,
      OPENAI_API_KEY: 'test',
    };
    cluster = await startCluster(env, backendServices);
    gatewayA = cluster.gatewayUrl;
    await waitUntilAnswering(cluster, 90_000);
    gatewayB = await startSecondGateway(cluster, env);
    const creator = await fetch(`${gatewayA}/api/creators/by-handle/demo.creator`);
    creatorId = ((await creator.json()) as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await paced?.close();
  });

  async function newFan(): Promise<{ token: string; conversationId: string }> {
    const guest = await fetch(`${gatewayA}/api/auth/guest`, { method: 'POST' });
    const token = ((await guest.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    const conversation = await fetch(`${gatewayB}/api/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ creatorId }),
    });
    return { token, conversationId: ((await conversation.json()) as { id: string }).id };
  }

  const fragments = (opened: Opened) =>
    opened.events.filter((event) => event.event === 'fragment') as {
      event: 'fragment';
      id: string;
      data: { text: string; stopReason?: string };
    }[];
  const seqOf = (id: string) => Number(id.split('#')[1]);
  async function until(check: () => boolean, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  async function stored(fan: { token: string; conversationId: string }, id: string) {
    const page = await fetch(`${gatewayB}/api/conversations/${fan.conversationId}/messages`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    const { messages } = (await page.json()) as {
      messages: { id: string; content: string; status: string }[];
    };
    return messages.find((message) => message.id === id)!;
  }

  it('a reply left on gateway A continues on gateway B from Last-Event-ID, and whole on a second device: no duplicate, no gap', async () => {
    const fan = await newFan();
    const sent = await openSse(
      gatewayA,
      'POST',
      `/api/conversations/${fan.conversationId}/messages`,
      fan.token,
      {
        body: { content: [{ text: 'Tell me everything' }] },
      },
    );
    expect(sent.status).toBe(200);
    await until(() => fragments(sent).length >= 5);
    sent.leave();
    const before = fragments(sent);
    const last = before.at(-1)!;
    const messageId = last.id.split('#')[0]!;

    const route = `/api/conversations/${fan.conversationId}/messages/${messageId}/stream`;
    const resumed = await openSse(gatewayB, 'GET', route, fan.token, { lastEventId: last.id });
    const device = await openSse(gatewayA, 'GET', route, fan.token);
    expect([resumed.status, device.status]).toEqual([200, 200]);
    await Promise.all([resumed.ended, device.ended]);

    // Gateway B: exactly the fragments after the last one the first tab had, to the end.
    const after = fragments(resumed);
    const seqs = [...before, ...after].map((fragment) => seqOf(fragment.id));
    expect(seqs).toEqual(seqs.map((_, index) => index));
    expect(after.at(-1)!.data.stopReason).toBe('end_turn');
    const whole = [...before, ...after].map((fragment) => fragment.data.text).join('');

    // The second device: the reply so far as one message, then the rest live.
    const [first, ...rest] = device.events;
    expect(first!.event).toBe('message');
    const fromDevice =
      (first!.data as { content: string }).content +
      rest
        .filter((event) => event.event === 'fragment')
        .map((event) => (event.data as { text: string }).text)
        .join('');
    const reply = await stored(fan, messageId);
    expect(reply.status).toBe('complete');
    expect(whole).toBe(reply.content);
    expect(fromDevice).toBe(reply.content);
    expect(reply.content).toContain('word79');
    expect(reply.content.match(/word40\b/g)).toHaveLength(1);

    // Once it has ended, a tab reopened attaches still: the whole reply as one message, then its end.
    const later = await openSse(gatewayB, 'GET', route, fan.token);
    await later.ended;
    expect(later.events.map((event) => event.event)).toEqual(['message', 'fragment']);
    expect((later.events[0]!.data as { content: string }).content).toBe(reply.content);
    // And from Last-Event-ID, exactly what that tab missed again.
    const again = await openSse(gatewayB, 'GET', route, fan.token, { lastEventId: last.id });
    await again.ended;
    expect(fragments(again).map((fragment) => fragment.id)).toEqual(after.map((fragment) => fragment.id));
  }, 90_000);

  it("another fan's reply is never readable, and a Last-Event-ID of another reply is refused", async () => {
    const fan = await newFan();
    const other = await newFan();
    const sent = await openSse(
      gatewayA,
      'POST',
      `/api/conversations/${fan.conversationId}/messages`,
      fan.token,
      {
        body: { content: [{ text: 'Hello' }] },
      },
    );
    await until(() => fragments(sent).length >= 1);
    const messageId = fragments(sent)[0]!.id.split('#')[0]!;
    const route = `/api/conversations/${fan.conversationId}/messages/${messageId}/stream`;

    const stranger = await openSse(gatewayB, 'GET', route, other.token);
    await stranger.ended;
    expect(stranger.status).toBe(404);
    expect(stranger.events).toEqual([]);
    // The other fan's own conversation does not reach this reply either.
    const viaOwn = await openSse(
      gatewayB,
      'GET',
      `/api/conversations/${other.conversationId}/messages/${messageId}/stream`,
      other.token,
    );
    await viaOwn.ended;
    expect(viaOwn.status).toBe(404);
    expect(JSON.parse(viaOwn.body)).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });

    const wrong = await openSse(gatewayB, 'GET', route, fan.token, {
      lastEventId: '00000000-0000-4000-8000-000000000000#3',
    });
    await wrong.ended;
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    await sent.ended;
  }, 60_000);
});
