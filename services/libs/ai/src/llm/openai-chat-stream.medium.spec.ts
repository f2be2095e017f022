import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HumanMessage } from '@langchain/core/messages';
import {
  DEFAULT_PACED_REPLY,
  type PacedOpenAiServer,
  splitIntoTokens,
  startPacedOpenAiServer,
} from '../../bench/paced-openai-server';
import { createChatModel } from './chat-model.factory';
import { LlmError, LlmErrorCode, LlmTimeoutError, LlmUnavailableError } from './llm.error';
import { OpenAiChatStream } from './openai-chat-stream';
import { streamReplyTo } from './reply-stream';

/** A server that answers every request with `status` and `body`, written in `pieces` (byte cuts) with a pause between. */
async function scriptedServer(): Promise<{
  url: string;
  answer: (status: number, body: string, cuts?: number[]) => void;
  close: () => Promise<void>;
}> {
  let script = { status: 200, body: '', cuts: [] as number[] };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(script.status, { 'content-type': 'text/event-stream' });
      const bytes = Buffer.from(script.body, 'utf8');
      const cuts = [...script.cuts, bytes.length];
      let from = 0;
      const writeNext = (): void => {
        const cut = cuts.shift();
        if (cut === undefined) {
          response.end();
          return;
        }
        response.write(bytes.subarray(from, cut));
        from = cut;
        setTimeout(writeNext, 2);
      };
      writeNext();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answer: (status, body, cuts = []) => (script = { status, body, cuts: [...cuts].sort((a, b) => a - b) }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const delta = (content: string, finish?: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish ?? null }] })}\n\n`;

describe('OpenAiChatStream against a scripted OpenAI-compatible server', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  beforeAll(async () => {
    server = await scriptedServer();
  });
  afterAll(async () => server.close());

  const read = async (options: Partial<ConstructorParameters<typeof OpenAiChatStream>[0]> = {}) => {
    const stream = new OpenAiChatStream({
      baseUrl: server.url,
      provider: 'openai',
      model: 'scripted',
      maxRetries: 0,
      ...options,
    });
    const pieces: string[] = [];
    const end = await stream.stream({ model: 'scripted', messages: [] }, (text) => void pieces.push(text));
    return { pieces, end };
  };

  const body =
    `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n` +
    `: keep-alive\n\n` +
    delta('Bon') +
    delta('jour 🎉') +
    `data: {"choices":[{"index":0,\ndata: "delta":{"content":" à"}}]}\n\n` +
    delta('', 'stop') +
    `data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":3}}\n\n` +
    'data: [DONE]\n\n';
  const length = Buffer.byteLength(body);

  it.each([
    ['in one write', []],
    ['in two writes, cut inside an event', [37]],
    ['cut inside the emoji and inside "data:"', [Buffer.from(body).indexOf('🎉') + 2, 120]],
    ['in 7-byte writes', Array.from({ length: Math.floor(length / 7) }, (_, i) => (i + 1) * 7)],
  ])('reads the text and finish reason %s', async (_name, cuts) => {
    server.answer(200, body, cuts as number[]);
    expect(await read()).toEqual({ pieces: ['Bon', 'jour 🎉', ' à'], end: { finishReason: 'stop' } });
  });

  it("reports a reply cut by the token limit ('length'), and ends at the body's end without [DONE]", async () => {
    server.answer(200, delta('a') + delta('b', 'length'));
    expect(await read()).toEqual({ pieces: ['a', 'b'], end: { finishReason: 'length' } });
  });

  it('fails with a typed error on an error object mid-stream, after the text before it', async () => {
    server.answer(
      200,
      delta('a') + 'data: {"error":{"message":"Rate limit reached","code":"rate_limit_exceeded"}}\n\n',
    );
    const pieces: string[] = [];
    const stream = new OpenAiChatStream({
      baseUrl: server.url,
      provider: 'openai',
      model: 'm',
      maxRetries: 0,
    });
    const error = await stream.stream({}, (text) => void pieces.push(text)).catch((e: unknown) => e);
    expect(pieces).toEqual(['a']);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code: LlmErrorCode.RateLimited, provider: 'openai', model: 'm' });
  });

  it('fails on an `event: error` and on an event that is not JSON', async () => {
    server.answer(200, 'event: error\ndata: {"message":"server melted"}\n\n');
    await expect(read()).rejects.toThrow(LlmUnavailableError);
    server.answer(200, 'data: {"choices":[{"delta":\n\n');
    await expect(read()).rejects.toThrow(/not JSON/);
  });

  it.each([
    [401, LlmErrorCode.Unauthorized],
    [429, LlmErrorCode.RateLimited],
    [400, LlmErrorCode.BadRequest],
    [500, LlmErrorCode.Unavailable],
  ])('maps HTTP %i to %s, as the SDK path does', async (status, code) => {
    server.answer(status, JSON.stringify({ error: { message: `status ${status}`, type: 'test' } }));
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code, status });
  });

  it('stops reading when the callback says so, and rejects with what the callback throws', async () => {
    server.answer(200, delta('a') + delta('b') + delta('c') + 'data: [DONE]\n\n', [10, 60]);
    const stream = new OpenAiChatStream({ baseUrl: server.url, provider: 'openai', model: 'm' });
    const seen: string[] = [];
    expect(await stream.stream({}, (text) => seen.push(text) === 2)).toEqual({});
    expect(seen).toEqual(['a', 'b']);
    const thrown = new Error('leaked');
    await expect(
      stream.stream({}, () => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
  });
});

describe('OpenAiChatStream against the paced benchmark server', () => {
  let server: PacedOpenAiServer;
  const tokens = splitIntoTokens(DEFAULT_PACED_REPLY);
  const model = (baseUrl: string, extra: Partial<Parameters<typeof createChatModel>[0]> = {}) =>
    createChatModel({ provider: 'openai', model: 'paced', baseUrl, modelsDir: '/nonexistent', ...extra });

  beforeAll(async () => {
    server = await startPacedOpenAiServer({ firstTokenDelayMs: 100, interTokenDelayMs: 10 });
  });
  afterAll(async () => server.close());

  it("streams the reply token by token at the server's pace, through streamReplyTo", async () => {
    const started = Date.now();
    let firstAt: number | undefined;
    const pieces: string[] = [];
    const end = await streamReplyTo(model(server.url), [new HumanMessage('hi')], (text) => {
      firstAt ??= Date.now() - started;
      pieces.push(text);
    });
    expect(pieces).toEqual(tokens);
    expect(end).toEqual({ finishReason: 'stop' });
    expect(firstAt).toBeGreaterThanOrEqual(90);
  });

  it("ends with 'length' when maxTokens cuts the reply", async () => {
    const pieces: string[] = [];
    const end = await streamReplyTo(model(server.url, { maxTokens: 3 }), [new HumanMessage('hi')], (text) => {
      pieces.push(text);
    });
    expect(pieces).toEqual(tokens.slice(0, 3));
    expect(end).toEqual({ finishReason: 'length' });
  });

  it('stops when the caller aborts, and the server sees the stream abandoned', async () => {
    const controller = new AbortController();
    const before = server.stats.abandoned;
    const seen: string[] = [];
    const error = await streamReplyTo(
      model(server.url),
      [new HumanMessage('hi')],
      (text) => {
        if (seen.push(text) === 2) controller.abort();
      },
      { signal: controller.signal },
    ).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.stats.abandoned).toBe(before + 1);
  });

  it('times out with LlmTimeoutError when the model stops between tokens', async () => {
    const stalling = await startPacedOpenAiServer({ firstTokenDelayMs: 20, interTokenDelayMs: 5_000 });
    try {
      const started = Date.now();
      const pieces: string[] = [];
      const error = await streamReplyTo(
        model(stalling.url, { timeoutMs: 300, maxRetries: 0 }),
        [new HumanMessage('hi')],
        (text) => void pieces.push(text),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmTimeoutError);
      expect(pieces).toEqual(tokens.slice(0, 1));
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await stalling.close();
    }
  });

  it('retries a request the server refused with 503 before streaming', async () => {
    const flaky = await startPacedOpenAiServer({ firstTokenDelayMs: 10, interTokenDelayMs: 1, failFirst: 1 });
    try {
      const pieces: string[] = [];
      await streamReplyTo(model(flaky.url, { maxRetries: 1 }), [new HumanMessage('hi')], (text) => {
        pieces.push(text);
      });
      expect(pieces.join('')).toBe(DEFAULT_PACED_REPLY);
      expect(flaky.stats).toMatchObject({ failed: 1, completed: 1 });
    } finally {
      await flaky.close();
    }
  });

  it('reports an unreachable server as LlmUnavailableError', async () => {
    const error = await streamReplyTo(
      model('http://127.0.0.1:9/v1', { maxRetries: 0 }),
      [new HumanMessage('hi')],
      () => undefined,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as Error).message).toMatch(/openai model "paced" is unavailable/);
  });
});
