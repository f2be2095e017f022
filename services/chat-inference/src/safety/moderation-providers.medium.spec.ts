import {
  createChatModel,
  createModerator,
  LlamaGuardProvider,
  LocalLlamaGuardProvider,
  type ModerationConfig,
  type ModerationRequest,
} from '@backtalk/ai';
import { metricsRegistry } from '@backtalk/kit';
import { type FakeModerationServer, startFakeModerationServer } from '@backtalk/testing';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The moderation port's providers against real HTTP servers on loopback (docs/safety.md): the
 * `openai` provider against the fake `/v1/moderations` server, `llama-guard` against a chat
 * server answering as Llama Guard does, and `local` with the tiny offline model, whose answers
 * are not Llama Guard's — the failure policy decides, never a silent pass.
 */
const config = (overrides: Partial<ModerationConfig>): ModerationConfig => ({
  MODERATION_PROVIDER: 'none',
  MODERATION_TIMEOUT_MS: 3_000,
  MODERATION_FAILURE: 'block',
  MODERATION_MINOR_THRESHOLD: 0.2,
  ...overrides,
});
const fan = (text: string, audience: 'minor' | 'adult' = 'adult'): ModerationRequest => ({
  text,
  direction: 'fan-message',
  audience,
});

async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((entry) => entry.name === name);
  const values = (metric?.values ?? []) as { labels: Record<string, string>; value: number }[];
  return values
    .filter((value) => Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('MODERATION_PROVIDER=openai against an OpenAI-compatible /moderations server', () => {
  let server: FakeModerationServer;
  beforeAll(async () => {
    server = await startFakeModerationServer();
    server.flag('build a pipe bomb', 'violence');
    server.score('kissing', 'sexual', 0.4);
  });
  afterAll(() => server.close());
  afterEach(() => server.setMode('normal'));
  const moderator = (overrides: Partial<ModerationConfig> = {}) =>
    createModerator(
      config({ MODERATION_PROVIDER: 'openai', MODERATION_BASE_URL: server.url, ...overrides }),
      '/nonexistent',
    );

  it('flags what the server flags, passes the rest, and counts each decision without the text', async () => {
    const before = await counted('backtalk_moderation_decisions_total', {
      category: 'violence',
      provider: 'openai',
    });
    expect(await moderator().check(fan('how do I build a pipe bomb'))).toMatchObject({
      flagged: true,
      categories: ['violence'],
      crisis: false,
      decidedBy: 'provider',
      provider: 'openai',
    });
    expect(await moderator().check(fan('what pan do you use?'))).toMatchObject({
      flagged: false,
      categories: [],
    });
    expect(server.inputs.slice(-2)).toEqual(['how do I build a pipe bomb', 'what pan do you use?']);
    expect(
      await counted('backtalk_moderation_decisions_total', { category: 'violence', provider: 'openai' }),
    ).toBe(before + 1);
    const exposition = await metricsRegistry.metrics();
    expect(exposition).not.toContain('pipe bomb');
  });

  it("holds a minor's text to the stricter threshold", async () => {
    expect(await moderator().check(fan('describe kissing me'))).toMatchObject({ flagged: false });
    expect(await moderator().check(fan('describe kissing me', 'minor'))).toMatchObject({
      flagged: true,
      categories: ['sexual'],
    });
  });

  it('keeps the floor when the server finds nothing: a crisis is a crisis', async () => {
    expect(await moderator().check(fan('i want to kill myself'))).toMatchObject({
      flagged: true,
      crisis: true,
      decidedBy: 'floor',
    });
  });

  it.each([
    ['unavailable', 0],
    ['slow', 1_000],
  ] as const)(
    'when the server is %s: blocks under block, lets the floor decide under floor-only, blocks minors always',
    async (mode, delayMs) => {
      server.setMode(mode, delayMs);
      const fast = { MODERATION_TIMEOUT_MS: 300 };
      const before = await counted('backtalk_moderation_failures_total', { provider: 'openai' });
      expect(await moderator(fast).check(fan('what pan do you use?'))).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
      const floorOnly = moderator({ ...fast, MODERATION_FAILURE: 'floor-only' });
      expect(await floorOnly.check(fan('what pan do you use?'))).toMatchObject({ flagged: false });
      expect(await floorOnly.check(fan('quiero suicidarme'))).toMatchObject({ flagged: true, crisis: true });
      expect(await floorOnly.check(fan('what pan do you use?', 'minor'))).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
      expect(await counted('backtalk_moderation_failures_total', { provider: 'openai' })).toBe(before + 4);
    },
  );
});

/** A chat server answering every completion with `answer(prompt)`, as Ollama serving Llama Guard would. */
async function startGuardServer(answer: (prompt: string) => string) {
  const prompts: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      const prompt = body.messages.at(-1)?.content ?? '';
      prompts.push(prompt);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-guard',
          object: 'chat.completion',
          created: 0,
          model: 'llama-guard3:1b',
          choices: [
            { index: 0, message: { role: 'assistant', content: answer(prompt) }, finish_reason: 'stop' },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    prompts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('MODERATION_PROVIDER=llama-guard against an OpenAI-compatible chat endpoint', () => {
  it('reads safe / unsafe and its codes, creator boundaries included, and refuses an answer it cannot read', async () => {
    const guard = await startGuardServer((prompt) => {
      if (prompt.includes('Agent: My husband')) return 'unsafe\nS15';
      if (prompt.includes('User: how do I make napalm')) return 'unsafe\nS9';
      if (prompt.includes('User: gibberish please')) return 'The weather is nice';
      return 'safe';
    });
    try {
      const moderator = createModerator(
        config({ MODERATION_PROVIDER: 'llama-guard', MODERATION_BASE_URL: guard.url }),
        '/nonexistent',
      );
      expect(await moderator.check(fan('how do I make napalm'))).toMatchObject({
        flagged: true,
        categories: ['violence'],
        decidedBy: 'provider',
      });
      expect(
        await moderator.check({
          text: 'My husband is called Sam',
          direction: 'persona-reply',
          audience: 'adult',
          boundaries: [{ id: 'family', topic: 'my family' }],
        }),
      ).toMatchObject({ flagged: true, categories: ['boundary'], boundaryIds: ['family'] });
      expect(guard.prompts.at(-1)).toContain('S15: Discussing my family');
      expect(await moderator.check(fan('what pan do you use?'))).toMatchObject({ flagged: false });
      expect(await moderator.check(fan('gibberish please'))).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
    } finally {
      await guard.close();
    }
  });
});

describe('MODERATION_PROVIDER=local with the tiny offline model (mechanics)', () => {
  it('runs the Llama Guard prompt in-process; a model that does not answer as Llama Guard is a failure, never a pass', async () => {
    const model = path.resolve(__dirname, '../../../../../shared/models/stories260K.gguf');
    const moderator = createModerator(
      config({ MODERATION_PROVIDER: 'local', MODERATION_MODEL: model, MODERATION_TIMEOUT_MS: 30_000 }),
      path.dirname(model),
    );
    expect(await moderator.check(fan('what pan do you use?'))).toMatchObject({
      flagged: true,
      decidedBy: 'failure-policy',
      provider: 'local',
    });
    // The model did run and answer: what failed is reading its answer, not loading it.
    const provider = new LlamaGuardProvider(
      'local',
      createChatModel({
        provider: 'local',
        model,
        modelsDir: path.dirname(model),
        maxTokens: 20,
        temperature: 0,
      }),
    );
    await expect(provider.classify(fan('what pan do you use?'), AbortSignal.timeout(30_000))).rejects.toThrow(
      'an answer that is neither safe nor unsafe',
    );
  }, 60_000);
});

/**
 * A server for the tiny model as a download: refuses until `serve` (connection refused is what an
 * offline machine answers soonest after a failed DNS look-up), then answers the reachability probe
 * and the file, holding the file until `release` when asked to.
 */
async function modelDownloadServer(options: { holdFile?: boolean } = {}) {
  const bytes = await readFile(path.resolve(__dirname, '../../../../../shared/models/stories260K.gguf'));
  let release: () => void = () => undefined;
  const held = options.holdFile ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const server = http.createServer((req, res) => {
    if (req.headers.range === 'bytes=0-0') {
      res.writeHead(206, { 'content-range': `bytes 0-0/${bytes.length}`, 'content-length': 1 });
      return res.end(bytes.subarray(0, 1));
    }
    void held.then(() => {
      res.writeHead(200, { 'content-length': bytes.length, 'content-type': 'application/octet-stream' });
      res.end(bytes);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  server.close();
  return {
    url: `http://127.0.0.1:${port}/llama-guard.gguf`,
    release,
    async serve() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('MODERATION_PROVIDER=local, downloaded on first use (the standalone default)', () => {
  let modelsDir: string;
  beforeEach(async () => (modelsDir = await mkdtemp(path.join(os.tmpdir(), 'guard-models-'))));
  afterEach(() => rm(modelsDir, { recursive: true, force: true }));

  it('without a network: start-up is not held up, one warning, and every check answered at once by the failure policy and counted', async () => {
    const download = await modelDownloadServer();
    const lines: string[] = [];
    const log = {
      log: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(`WARN ${line}`),
    };
    const blocking = createModerator(
      config({ MODERATION_PROVIDER: 'local', MODERATION_MODEL: download.url, MODERATION_TIMEOUT_MS: 30_000 }),
      modelsDir,
      log,
    );
    const floorOnly = createModerator(
      config({
        MODERATION_PROVIDER: 'local',
        MODERATION_MODEL: download.url,
        MODERATION_FAILURE: 'floor-only',
      }),
      modelsDir,
      log,
    );
    try {
      const failuresBefore = await counted('backtalk_moderation_failures_total', { provider: 'local' });
      const started = Date.now();
      // At start-up: the download begins in the background, and fails at once without a network.
      await blocking.prepare?.();
      await floorOnly.prepare?.();
      const warnings = () => lines.filter((line) => line.startsWith('WARN'));
      await until(() => warnings().length === 2, 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(warnings()).toHaveLength(2); // one per moderator (one per process in the app)
      expect(warnings()[0]).toMatch(
        /^WARN MODERATION_PROVIDER=local: the moderation model is unavailable \(Could not download model http:\/\/127\.0\.0\.1:\d+\/llama-guard\.gguf: .*ECONNREFUSED.*\); until it is, every fan message and reply is blocked \(MODERATION_FAILURE=block\)\. Next try at /,
      );
      expect(warnings()[1]).toContain('the floor alone checks');

      const checking = Date.now();
      // block: nothing unchecked passes; floor-only: an adult's ordinary message passes, a minor's is
      // blocked, and the floor still finds a crisis.
      expect(await blocking.check(fan('what pan do you use?'))).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
        provider: 'local',
      });
      expect(await floorOnly.check(fan('what pan do you use?'))).toMatchObject({ flagged: false });
      expect(await floorOnly.check(fan('what pan do you use?', 'minor'))).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
      expect(await floorOnly.check(fan('I want to kill myself'))).toMatchObject({
        flagged: true,
        crisis: true,
      });
      expect(Date.now() - checking).toBeLessThan(1_000);
      expect(warnings()).toHaveLength(2); // counted, not warned again
      expect(
        (await counted('backtalk_moderation_failures_total', { provider: 'local' })) - failuresBefore,
      ).toBe(4);
    } finally {
      blocking.close?.();
      floorOnly.close?.();
      await download.close();
    }
  }, 30_000);

  it('downloads in the background, answering checks at once meanwhile, retries a failed download, and then runs the model', async () => {
    const download = await modelDownloadServer({ holdFile: true });
    const events: string[] = [];
    const provider = new LocalLlamaGuardProvider({
      model: download.url,
      modelsDir,
      threads: 1,
      retryAfterMs: 300,
      onUnavailable: () => events.push('unavailable'),
      onReady: () => events.push('ready'),
    });
    const check = () => provider.classify(fan('what pan do you use?'), AbortSignal.timeout(30_000));
    try {
      await provider.prepare();
      await until(() => events.length > 0, 2_000);
      expect(events).toEqual(['unavailable']);
      await expect(check()).rejects.toMatchObject({ reason: 'the model is unavailable' });
      await download.serve(); // the network is back: the retry downloads
      const deadline = Date.now() + 5_000;
      let reason = '';
      while (Date.now() < deadline && reason !== 'the model is downloading') {
        reason = await check().then(
          () => 'answered',
          (error: { reason: string }) => error.reason,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(reason).toBe('the model is downloading');
      download.release();
      while (Date.now() < deadline + 20_000 && !events.includes('ready'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toEqual(['unavailable', 'ready']);
      // The model ran: the tiny one does not answer as Llama Guard, which is a failure, never a pass.
      await expect(check()).rejects.toMatchObject({ reason: 'an answer that is neither safe nor unsafe' });
    } finally {
      provider.close();
      await download.close();
    }
  }, 60_000);
});
