import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');

jest.setTimeout(120_000);

const FANS = 50;
/** 80 tokens at 40 ms: each reply streams for over 3 s, well past the 1 s the gateway gets. */
const REPLY = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');

/**
 * Issue 21 item 1: a browser that leaves mid-reply (tab closed, navigation) releases the
 * gateway's side of the stream at once — subscription, heartbeat, memory — while chat-inference
 * still finishes and stores the reply. Read from the gateway's own metrics, as an operator would.
 */
describe('chat streams the browser abandons (gateway and services in process, a paced model)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let model: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let dataDir: string;
  let address = 0;
  const call = gatewayHttp(
    () => gateway.url,
    () => ({ 'x-forwarded-for': `10.21.${++address >> 8}.${address & 255}` }),
  );

  beforeAll(async () => {
    model = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 50, interTokenDelayMs: 40 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-abandoned-'));
    database = await createSystemTestDatabase('abandoned_streams');
    ({ services, gateway } = await startPlatformInProcess(
      {
        DATABASE_URL: database.url,
        BACKTALK_DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'paced',
        LLM_BASE_URL: model.url,
        OPENAI_API_KEY: 'sk-test-abandoned',
      },
      { TRUSTED_PROXIES: '127.0.0.1' },
    ));
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The gateway's open SSE chat streams, from its /metrics on the internal port. */
  async function openChatStreams(): Promise<number> {
    const text = await (await fetch(`${gateway.internalUrl}/metrics`)).text();
    const line = /^backtalk_sse_streams_open\{[^}]*stream="chat"[^}]*\} (\d+)$/m.exec(text);
    if (!line) throw new Error('the gateway reports no open-stream gauge for chat');
    return Number(line[1]);
  }

  /** Sends a message, reads the reply until its first fragment, then goes away as a closed tab does. */
  async function sendAndLeave(fan: { token: string; conversationId: string }): Promise<void> {
    const abort = new AbortController();
    const response = await fetch(`${gateway.url}/api/conversations/${fan.conversationId}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${fan.token}`,
        'x-forwarded-for': `10.22.${++address >> 8}.${address & 255}`,
      },
      body: JSON.stringify({ content: [{ text: 'Tell me about your week' }] }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: fragment')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the reply ended before its first fragment: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    abort.abort();
  }

  it('frees the gateway within a second of 50 browsers leaving after the first fragment; every reply is still stored whole', async () => {
    const creator = await call('/api/creators/by-handle/demo.creator');
    expect(creator.status).toBe(200);
    const fans = await Promise.all(
      Array.from({ length: FANS }, async () => {
        const guest = await call('/api/auth/guest', { body: {} });
        const token = guest.body.tokens.accessToken as string;
        const conversation = await call('/api/conversations', {
          body: { creatorId: creator.body.id },
          token,
        });
        expect(conversation.status).toBe(201);
        return { token, conversationId: conversation.body.id as string };
      }),
    );

    await Promise.all(fans.map(sendAndLeave));
    const left = Date.now();
    let open = await openChatStreams();
    while (open > 0 && Date.now() - left < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      open = await openChatStreams();
    }
    expect(open).toBe(0);
    // The replies were not cut short by the gateway letting go: none has finished yet.
    expect(model.stats.completed).toBeLessThan(FANS);

    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      const stored = async () =>
        (
          await sql.query<{ status: string; text: string }>(
            `SELECT status, content->0->>'text' AS text FROM chat_inference.messages
              WHERE role = 'assistant' AND "conversationId" = ANY($1)`,
            [fans.map((fan) => fan.conversationId)],
          )
        ).rows;
      const deadline = Date.now() + 30_000;
      let rows = await stored();
      while (rows.filter((row) => row.status === 'complete').length < FANS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rows = await stored();
      }
      expect(rows).toHaveLength(FANS);
      for (const row of rows) expect(row).toEqual({ status: 'complete', text: REPLY });
    } finally {
      await sql.end();
    }
  });
});
