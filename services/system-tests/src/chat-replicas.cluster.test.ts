import { describeWithNats, testNatsUrl, type TestDatabase } from '@backtalk/testing';
import { ErrorCode } from '@backtalk/proto';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Client } from 'pg';
import path from 'node:path';
import { createSystemTestDatabase } from './service-databases';
import {
  type RunningCluster,
  backendServices,
  repoRoot,
  startCluster,
  waitUntilAnswering,
} from './processes';

// The AI library's OpenAI-compatible server that answers at a fixed pace: a model whose replies
// take long enough to kill a replica in the middle of them.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');

/** 100 tokens at 50 ms: a reply streams for about 5 s. */
const REPLY = Array.from({ length: 100 }, (_, index) => `word${index}`).join(' ');
/** A stream still open this long after its replica died has hung (REPLY_LIVENESS_MS is 15 s). */
const NO_HANG_MS = 40_000;

interface Sent {
  status: number;
  text: string;
  code?: string;
}

/**
 * Issue 13, scale-out: two chat-inference replicas in one NATS queue group. A replica killed
 * mid-burst leaves no fan waiting — each gets the whole reply or a clear error, and the next
 * send is answered by the replica that is left; the free-tier allowance is exact across both.
 */
describeWithNats('two chat-inference replicas (cluster mode)', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let creatorId: string;

  beforeAll(async () => {
    paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 200, interTokenDelayMs: 50 });
    database = await createSystemTestDatabase('chat_replicas');
    cluster = await startCluster(
      {
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: `test${randomBytes(4).toString('hex')}.`,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'paced',
        LLM_BASE_URL: paced.url,
        OPENAI_API_KEY: 'test',
        // Each send below says where it comes from, as a proxy in front of the gateway would.
        TRUSTED_PROXIES: '127.0.0.1',
        // The allowance under test is the fan's (FREE_TIER_MESSAGES, default 20); the reply cap
        // (default 3 at once) would otherwise refuse most of a burst from one fan first.
        CHAT_MAX_CONCURRENT_REPLIES_PER_USER: '100',
      },
      backendServices,
      ['chat-inference'],
    );
    await waitUntilAnswering(cluster, 90_000);
    const creator = await fetch(`${cluster.gatewayUrl}/api/creators/by-handle/demo.creator`);
    creatorId = ((await creator.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await paced?.close();
  });

  let address = 0;
  /** A new client address for each call (10.x.y.z), so the per-address limits stay out of the way. */
  const nextAddress = (): string => {
    address++;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  /**
   * One request on a connection of its own (node:http, no keep-alive): reusing a kept-alive
   * connection while the loaded gateway closes it reads ECONNRESET at the client, which is not
   * what these tests are about. Fails if the answer has not ended within NO_HANG_MS.
   */
  function post(route: string, body: unknown, token?: string): Promise<Sent> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${cluster.gatewayUrl}${route}`,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': nextAddress(),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const code = status === 200 ? undefined : (JSON.parse(text) as { code?: string }).code;
            resolve({ status, text, code });
          });
          response.on('error', reject);
        },
      );
      request.setTimeout(NO_HANG_MS, () =>
        request.destroy(new Error(`${route}: no answer within ${NO_HANG_MS} ms`)),
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });
  }

  async function newFan(): Promise<{ token: string; conversationId: string }> {
    const guest = await post('/api/auth/guest', {});
    expect(guest.status).toBe(201);
    const token = (JSON.parse(guest.text) as { tokens: { accessToken: string } }).tokens.accessToken;
    const conversation = await post('/api/conversations', { creatorId }, token);
    expect(conversation.status).toBe(201);
    return { token, conversationId: (JSON.parse(conversation.text) as { id: string }).id };
  }

  const send = (fan: { token: string; conversationId: string }, text: string): Promise<Sent> =>
    post(`/api/conversations/${fan.conversationId}/messages`, { content: [{ text }] }, fan.token);

  const completed = (sent: Sent): boolean =>
    sent.status === 200 && sent.text.includes('"stopReason":"end_turn"');
  const errorEvent = (sent: Sent): { code: string; message: string } | undefined => {
    const match = /event: error\ndata: (.+)\n/.exec(sent.text);
    return match ? (JSON.parse(match[1]!) as { code: string; message: string }) : undefined;
  };

  it('admits exactly FREE_TIER_MESSAGES (20) of 1,000 sends from one fan, 200 at a time, over both replicas', async () => {
    const fan = await newFan();
    // 200 in flight at any moment: a thousand connections opened at once overflow the gateway's
    // listen backlog on one loopback client and time out before the race under test begins.
    const results: Sent[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        while (next < 1000) {
          const index = next++;
          results[index] = await send(fan, `Message ${index}`);
        }
      }),
    );
    // Sends answered with a reply: at most the allowance, each one whole. (On a loaded machine a
    // few admitted sends can end with LLM_UNAVAILABLE instead; the stored count below is exact.)
    const answered = results.filter((result) => result.status === 200);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThanOrEqual(20);
    expect(answered.every(completed)).toBe(true);
    // Every other send is told why: no message left; or, on a machine this loaded, that the
    // database had no connection free in time (SERVICE_BUSY) or that no reply came in time.
    const refused = results.filter((result) => result.status !== 200);
    const reasons = new Set(refused.map((result) => `${result.status} ${result.code}`));
    const clear = ['429 RATE_LIMITED', '503 SERVICE_BUSY', '503 LLM_UNAVAILABLE'];
    expect([...reasons].filter((reason) => !clear.includes(reason))).toEqual([]);
    expect(reasons).toContain(`429 ${ErrorCode.RateLimited}`);
    // The record agrees: exactly 20 of the fan's messages were stored, whatever the answers said.
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      const stored = await sql.query<{ count: string }>(
        `SELECT count(*) FROM chat_inference.messages WHERE "conversationId" = $1 AND role = 'user'`,
        [fan.conversationId],
      );
      expect(Number(stored.rows[0]!.count)).toBe(20);
    } finally {
      await sql.end();
    }
  });

  it('a replica killed mid-burst leaves no fan waiting: each reply completes or ends with a clear error, and the next send is answered', async () => {
    const fans = await Promise.all(Array.from({ length: 16 }, () => newFan()));
    const burst = Promise.all(fans.map((fan) => send(fan, 'Tell me about your week')));
    // Every reply has begun (first token after 200 ms) and none has ended (about 5 s each).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await cluster.supervisor.kill('chat-inference-2', 'SIGKILL');
    const results = await burst;

    const fanMessage = 'The AI could not answer right now. Send your message again in a moment.';
    for (const result of results) {
      if (completed(result)) {
        expect(result.text).toContain('word99');
      } else if (result.status === 200) {
        // Cut off mid-reply: the stream ends with an error event that says what to do.
        expect(errorEvent(result)).toEqual({ code: ErrorCode.LlmUnavailable, message: fanMessage });
      } else {
        // Cut off before its first fragment: a plain error response, just as clear.
        expect(result).toMatchObject({ status: 503, code: ErrorCode.LlmUnavailable });
        expect(JSON.parse(result.text)).toMatchObject({ message: fanMessage });
      }
    }
    // NATS spreads a queue group's requests over both members: with 16 sends, both served some.
    const cut = results.filter((result) => !completed(result));
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(results.length);

    // The fans whose reply was cut off send again; the replica that is left answers them all.
    const again = await Promise.all(
      results.flatMap((result, index) => (completed(result) ? [] : [send(fans[index]!, 'Tell me again')])),
    );
    expect(again.map(completed)).toEqual(again.map(() => true));
  });
});
