import { renderError } from '@backtalk/kit';
import { defaultMessageFor } from '@backtalk/proto';
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

/** The OpenAI-compatible adapter against real HTTP servers on loopback: the paced benchmark server and a failing one. */
const openai = (baseUrl: string, extra: Partial<Parameters<typeof createChatModel>[0]> = {}) =>
  createChatModel({ provider: 'openai', model: 'paced', baseUrl, modelsDir: '/nonexistent', ...extra });

describe('OpenAI-compatible adapter streaming from the paced server', () => {
  let server: PacedOpenAiServer;
  const tokens = splitIntoTokens(DEFAULT_PACED_REPLY);

  beforeAll(async () => {
    server = await startPacedOpenAiServer({ firstTokenDelayMs: 150, interTokenDelayMs: 10 });
  });
  afterAll(async () => server.close());

  it("streams the reply token by token at the server's pace", async () => {
    const started = Date.now();
    let firstAt: number | undefined;
    const pieces: string[] = [];
    let usage: unknown;
    for await (const chunk of await openai(server.url).stream([
      new HumanMessage('How do you make sourdough?'),
    ])) {
      if (typeof chunk.content === 'string' && chunk.content) {
        firstAt ??= Date.now() - started;
        pieces.push(chunk.content);
      }
      usage ??= chunk.usage_metadata;
    }
    const total = Date.now() - started;
    expect(pieces).toEqual(tokens);
    expect(firstAt).toBeGreaterThanOrEqual(140);
    expect(total).toBeGreaterThanOrEqual(150 + 10 * (tokens.length - 1) - 20);
    expect(usage).toMatchObject({ output_tokens: tokens.length });
  });

  it('answers without streaming too, and honours maxTokens', async () => {
    expect((await openai(server.url).invoke([new HumanMessage('hi')])).text).toBe(DEFAULT_PACED_REPLY);
    const capped = await openai(server.url, { maxTokens: 3 }).invoke([new HumanMessage('hi')]);
    expect(capped.text).toBe(tokens.slice(0, 3).join(''));
    expect(capped.response_metadata.finish_reason).toBe('length');
  });

  it("streams the provider's finish reason: a reply cut by maxTokens ends with 'length'", async () => {
    const reasons: unknown[] = [];
    const pieces: string[] = [];
    for await (const chunk of await openai(server.url, { maxTokens: 3 }).stream([new HumanMessage('hi')])) {
      if (typeof chunk.content === 'string' && chunk.content) pieces.push(chunk.content);
      reasons.push(chunk.response_metadata.finish_reason);
    }
    expect(pieces).toEqual(tokens.slice(0, 3));
    expect(reasons.filter(Boolean)).toEqual(['length']);
  });

  it('lets a stream run longer than the timeout while every token comes within it', async () => {
    // 150 ms, then 25 gaps of 10 ms: ~400 ms in all, against a 300 ms idle timeout.
    const started = Date.now();
    const pieces: string[] = [];
    for await (const chunk of await openai(server.url, { timeoutMs: 300, maxRetries: 0 }).stream([
      new HumanMessage('hi'),
    ]))
      if (typeof chunk.content === 'string' && chunk.content) pieces.push(chunk.content);
    expect(pieces).toEqual(tokens);
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  it('stops when the caller aborts, and the server sees the stream abandoned', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const before = server.stats.abandoned;
    const consume = async () => {
      for await (const chunk of await openai(server.url).stream([new HumanMessage('hi')], {
        signal: controller.signal,
      })) {
        seen.push(String(chunk.content));
        if (seen.filter(Boolean).length === 2) controller.abort();
      }
    };
    await expect(consume()).rejects.toThrow(/abort/i);
    expect(seen.filter(Boolean).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.stats.abandoned).toBe(before + 1);
  });

  it('times out with LlmTimeoutError when the first token is too slow', async () => {
    const slow = await startPacedOpenAiServer({ firstTokenDelayMs: 5_000 });
    try {
      const started = Date.now();
      const error = await (async () => {
        for await (const _ of await openai(slow.url, { timeoutMs: 300, maxRetries: 0 }).stream([
          new HumanMessage('hi'),
        ])) {
          /* nothing arrives */
        }
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmTimeoutError);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });

  it('times out with LlmTimeoutError when the model stops between tokens', async () => {
    const stalling = await startPacedOpenAiServer({ firstTokenDelayMs: 20, interTokenDelayMs: 5_000 });
    try {
      const started = Date.now();
      const pieces: string[] = [];
      const error = await (async () => {
        for await (const chunk of await openai(stalling.url, { timeoutMs: 300, maxRetries: 0 }).stream([
          new HumanMessage('hi'),
        ]))
          if (typeof chunk.content === 'string' && chunk.content) pieces.push(chunk.content);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmTimeoutError);
      expect(pieces).toEqual(tokens.slice(0, 1));
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await stalling.close();
    }
  });
});

describe('OpenAI-compatible adapter failures', () => {
  let server: http.Server;
  let baseUrl: string;
  let status = 500;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `status ${status}`, type: 'test' } }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => server.close());

  it.each([
    [401, LlmErrorCode.Unauthorized, 503],
    [429, LlmErrorCode.RateLimited, 503],
    [400, LlmErrorCode.BadRequest, 502],
    [500, LlmErrorCode.Unavailable, 503],
  ])('maps HTTP %i to %s, answered with %i and its fan-facing text', async (code, expected, answered) => {
    status = code;
    const error = await openai(baseUrl, { maxRetries: 0 })
      .invoke([new HumanMessage('hi')])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code: expected, provider: 'openai', status: code });
    // The shared error type: the provider's words stay in the log, the fan reads the code's text.
    const { status: httpStatus, body } = renderError(error);
    expect(httpStatus).toBe(answered);
    expect(body).toEqual({ code: expected, message: defaultMessageFor(expected) });
    expect(body.message).not.toContain(`status ${code}`);
  });

  it('reports an unreachable server as LlmUnavailableError, quickly', async () => {
    const started = Date.now();
    const error = await openai('http://127.0.0.1:9/v1', { maxRetries: 0 })
      .invoke([new HumanMessage('hi')])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as Error).message).toMatch(/openai model "paced" is unavailable/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
