import { freePort } from '@backtalk/embedded-db';
import { waitFor } from '@backtalk/testing';
import { ErrorCode } from '@backtalk/proto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, spawnNode, type SpawnedProcess } from './processes';

const TEST_MODEL = path.resolve(repoRoot, '../shared/models/stories260K.gguf');
const offline = {
  LLM_MODEL: TEST_MODEL,
  EMBEDDINGS_PROVIDER: 'none',
  MODERATION_PROVIDER: 'none',
  LLM_THREADS: '1',
  LOG_LEVEL: 'warn',
};
const entry = 'services/standalone/dist/main.js';

// The AI library's OpenAI-compatible server that answers at a fixed pace: replies long enough to
// kill Backtalk in the middle of them.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');

/** The pid of the PostgreSQL server that runs on `dataDir` (line 1 of its postmaster.pid), if any. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
}

/** Whether a process runs (a zombie, exited but not reaped, does not). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => {
      try {
        return parentOf(child) === pid;
      } catch {
        return false; // gone meanwhile
      }
    });
}

async function startBacktalk(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedProcess> {
  const app = spawnNode(entry, {
    ...offline,
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    ...env,
  });
  await readyAndHealthy(app);
  return app;
}

async function readyAndHealthy(app: SpawnedProcess): Promise<void> {
  const [, url] = await app.waitForOutput(/Backtalk is ready at (http:\/\/\S+)/, 120_000);
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
}

async function killHard(app: SpawnedProcess): Promise<void> {
  app.child.kill('SIGKILL');
  await app.exited;
}

async function stopCleanly(app: SpawnedProcess): Promise<void> {
  app.child.kill('SIGINT');
  expect((await app.exited).code).toBe(0);
}

/**
 * Issue 21 item 2: a standalone Backtalk killed with SIGKILL (an OOM kill, a power loss) starts
 * again on the same data folder by itself.
 */
describe('standalone mode survives a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-crash-'));
  // mkdtemp makes a private folder; embedded PostgreSQL runs as `postgres` when the tests run as root.
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('its embedded PostgreSQL stops when Backtalk is killed, and the next start succeeds', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    expect(alive(postgres)).toBe(true);
    await killHard(first);
    await waitFor(() => (alive(postgres) ? undefined : true), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: `the orphaned PostgreSQL (pid ${postgres}) to stop`,
    });
    await stopCleanly(await startBacktalk(dataDir));
  });

  it('a PostgreSQL left running on the data folder (its watchdog killed too) is stopped by the next start', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    // Everything of Backtalk's but the server itself dies at once: its watchdog too.
    const watchdog = parentOf(postgres);
    if (watchdog !== first.child.pid) {
      for (const pid of [watchdog, ...childrenOf(watchdog).filter((pid) => pid !== postgres)])
        process.kill(pid, 'SIGKILL');
    }
    await killHard(first);
    expect(alive(postgres)).toBe(true);

    const second = await startBacktalk(dataDir);
    expect(alive(postgres)).toBe(false);
    await stopCleanly(second);
  });

  it('a second Backtalk on the data folder of a running one says so and leaves it running', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    const second = spawnNode(entry, {
      ...offline,
      BACKTALK_DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `Backtalk could not start: Backtalk (process ${first.child.pid}) is already running on the data folder`,
    );
    expect(alive(postgres)).toBe(true);
    await stopCleanly(first);
  });
});

interface Fan {
  token: string;
  conversationId: string;
  address: string;
}

/**
 * Issue 21 item 2b: replies a crash cut off end — failed, their free-tier message given back
 * once, the reply cap released — when Backtalk starts again.
 */
describe('replies cut off by a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-crash-replies-'));
  fs.chmodSync(dataDir, 0o755);
  let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let baseUrl: string;
  let app: SpawnedProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    // 150 tokens at 60 ms: a reply streams for about 9 s.
    const reply = Array.from({ length: 150 }, (_, index) => `word${index}`).join(' ');
    paced = await startPacedOpenAiServer({ reply, firstTokenDelayMs: 100, interTokenDelayMs: 60 });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'paced',
      LLM_BASE_URL: paced.url,
      OPENAI_API_KEY: 'test',
      TRUSTED_PROXIES: '127.0.0.1',
      // One message per fan and one reply at a time: a reply the crash left counting against
      // either would refuse the fan's next send.
      FREE_TIER_MESSAGES: '1',
      CHAT_MAX_CONCURRENT_REPLIES_PER_USER: '1',
    };
  });
  afterAll(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGINT');
      await app.exited;
    }
    await paced?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let lastAddress = 0;
  /** A request of its own (no keep-alive); `until` resolves early once the body so far matches it. */
  function call(
    method: string,
    route: string,
    fan: Partial<Fan>,
    body?: unknown,
    until?: RegExp,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${baseUrl}${route}`,
        {
          method,
          agent: false,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': fan.address ?? `10.9.0.${++lastAddress}`,
            ...(fan.token ? { authorization: `Bearer ${fan.token}` } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            if (until?.test(text)) resolve({ status: response.statusCode ?? 0, text });
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  async function newFan(index: number): Promise<Fan> {
    const address = `10.8.0.${index + 1}`;
    const guest = await call('POST', '/api/auth/guest', { address }, {});
    const token = (JSON.parse(guest.text) as { tokens: { accessToken: string } }).tokens.accessToken;
    const creator = await fetch(`${baseUrl}/api/creators/by-handle/demo.creator`);
    const creatorId = ((await creator.json()) as { id: string }).id;
    const conversation = await call('POST', '/api/conversations', { token, address }, { creatorId });
    return { token, address, conversationId: (JSON.parse(conversation.text) as { id: string }).id };
  }

  const send = (fan: Fan, text: string, until?: RegExp) =>
    call('POST', `/api/conversations/${fan.conversationId}/messages`, fan, { content: [{ text }] }, until);

  async function messagesOf(fan: Fan): Promise<{ role: string; content: string; status: string }[]> {
    const listed = await call('GET', `/api/conversations/${fan.conversationId}/messages?limit=50`, fan);
    expect(listed.status).toBe(200);
    return (JSON.parse(listed.text) as { messages: { role: string; content: string; status: string }[] })
      .messages;
  }

  it('20 replies in flight at a SIGKILL: after the restart each is complete or failed, and every fan can send at once (and is charged once)', async () => {
    app = spawnNode(entry, { ...offline, ...env, BACKTALK_DATA_DIR: dataDir });
    await readyAndHealthy(app);
    const fans = await Promise.all(Array.from({ length: 20 }, (_, index) => newFan(index)));
    // Every reply has begun streaming (its first fragment arrived); none has ended (about 9 s).
    const begun = await Promise.all(
      fans.map((fan, index) => send(fan, `Question ${index}`, /event: fragment/)),
    );
    expect(begun.map((sent) => sent.status)).toEqual(fans.map(() => 200));
    await killHard(app);

    app = spawnNode(entry, { ...offline, ...env, BACKTALK_DATA_DIR: dataDir });
    await readyAndHealthy(app);
    for (const [index, fan] of fans.entries()) {
      const messages = await messagesOf(fan);
      expect(messages.map((message) => [message.role, message.content])).toEqual([
        ['user', `Question ${index}`],
        ['assistant', expect.any(String)],
      ]);
      expect(['complete', 'failed']).toContain(messages[1]!.status);
    }

    // The message a cut-off reply took is given back, and the reply no longer counts as streaming.
    const again = await Promise.all(fans.map((fan) => send(fan, 'Once more')));
    expect(again.map((sent) => sent.status)).toEqual(fans.map(() => 200));
    expect(again.every((sent) => sent.text.includes('"stopReason":"end_turn"'))).toBe(true);
    // Given back once: the allowance of one message is spent again.
    const third = await send(fans[0]!, 'And again');
    expect(third.status).toBe(429);
    expect((JSON.parse(third.text) as { code: string }).code).toBe(ErrorCode.RateLimited);
    for (const fan of fans) {
      const messages = await messagesOf(fan);
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(messages[3]!.status).toBe('complete');
    }
  });
});
