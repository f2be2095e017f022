import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AIMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { renderError } from '@backtalk/kit';
import { LlmBusyError, LlmError, LlmErrorCode, LlmUnavailableError } from './llm.error';
import { LocalLlamaChatModel } from './local-llama.chat-model';
import { disposeLocalModels } from './local-llama.runtime';
import type { ModelDownloadProgress } from './model-file.resolver';

/** These tests run the real stories260K model (a 1 MB Llama-2 trained on TinyStories). */
const MODELS_DIR = path.resolve(__dirname, '../../../../../../shared/models');
const STORIES = 'stories260K.gguf';
// Renders the messages' text with nothing around it, so the model just continues the story.
const RAW_TEMPLATE = "{% for message in messages %}{{ message['content'] }}{% endfor %}";

const stories = (overrides: Partial<ConstructorParameters<typeof LocalLlamaChatModel>[0]> = {}) =>
  new LocalLlamaChatModel({
    model: STORIES,
    modelsDir: MODELS_DIR,
    threads: 1,
    contextSize: 512,
    temperature: 0,
    ...overrides,
  });

afterAll(async () => {
  await disposeLocalModels();
});

describe('LocalLlamaChatModel with a real GGUF model', () => {
  jest.setTimeout(60_000);

  it('streams real text, one chunk per token', async () => {
    const chunks: string[] = [];
    for await (const chunk of await stories({ maxTokens: 40 }).stream([
      new HumanMessage('Once upon a time'),
    ])) {
      if (typeof chunk.content === 'string' && chunk.content) chunks.push(chunk.content);
    }
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    const text = chunks.join('');
    expect(text.match(/\b[a-z]{2,}\b/gi)?.length ?? 0).toBeGreaterThanOrEqual(8);
  });

  it('continues a story deterministically at temperature 0 through a custom chat template', async () => {
    const reply = await stories({ maxTokens: 12, chatTemplate: RAW_TEMPLATE }).invoke([
      new HumanMessage('Once upon a time'),
    ]);
    expect(reply.text).toMatch(/^, there was a little girl named Lily/);
  });

  it('renders a plain transcript for a model without a chat template', async () => {
    const model = stories({ maxTokens: 8 });
    const reply = await model.invoke([
      new SystemMessage('You tell stories.'),
      new HumanMessage('Hi'),
      new AIMessage('Hello!'),
      new HumanMessage('A story please'),
    ]);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.text).not.toContain('User:');
  });

  it('caps the reply at maxTokens and reports usage', async () => {
    const reply = await stories({ maxTokens: 5, chatTemplate: RAW_TEMPLATE }).invoke([
      new HumanMessage('Once upon a time'),
    ]);
    expect(reply.usage_metadata?.output_tokens).toBe(5);
    expect(reply.usage_metadata?.input_tokens).toBeGreaterThan(0);
    expect(reply.response_metadata.finish_reason).toBe('length');
    const perCall = await stories({ maxTokens: 50, chatTemplate: RAW_TEMPLATE }).invoke(
      [new HumanMessage('Once upon a time')],
      { maxTokens: 3 },
    );
    expect(perCall.usage_metadata?.output_tokens).toBe(3);
  });

  it('stops at a stop sequence without emitting it', async () => {
    const reply = await stories({ maxTokens: 40, chatTemplate: RAW_TEMPLATE }).invoke(
      [new HumanMessage('Once upon a time')],
      { stop: ['Lily'] },
    );
    expect(reply.text).toBe(', there was a little girl named');
    expect(reply.response_metadata.finish_reason).toBe('stop');
  });

  it('stops streaming when aborted, and the model serves the next request', async () => {
    const model = stories({ maxTokens: 400, temperature: 0.8, seed: 1 });
    const controller = new AbortController();
    const received: string[] = [];
    const consume = async () => {
      for await (const chunk of await model.stream([new HumanMessage('Once upon a time')], {
        signal: controller.signal,
      })) {
        received.push(String(chunk.content));
        if (received.length === 3) controller.abort();
      }
    };
    await expect(consume()).rejects.toThrow();
    expect(received.length).toBeGreaterThanOrEqual(3);
    expect(received.length).toBeLessThan(10);
    const after = await model.invoke([new HumanMessage('Once upon a time')], { maxTokens: 4 });
    expect(after.usage_metadata?.output_tokens).toBe(4);
  });

  it('releases the sequence when a consumer stops reading early', async () => {
    const model = stories({ maxTokens: 400, queueTimeoutMs: 5_000 });
    for await (const _chunk of await model.stream([new HumanMessage('Once upon a time')])) break;
    const next = await model.invoke([new HumanMessage('Once upon a time')], { maxTokens: 2 });
    expect(next.usage_metadata?.output_tokens).toBe(2);
  });

  it('keeps concurrent requests apart (one sequence queues them, two run them side by side)', async () => {
    const prompts = ['Once upon a time', 'The little dog', 'One day, Tom'];
    for (const parallelSequences of [1, 2]) {
      const model = stories({ maxTokens: 20, parallelSequences, chatTemplate: RAW_TEMPLATE });
      const sequential: string[] = [];
      for (const prompt of prompts) sequential.push((await model.invoke([new HumanMessage(prompt)])).text);
      const concurrent = await Promise.all(
        prompts.map(async (prompt) => (await model.invoke([new HumanMessage(prompt)])).text),
      );
      expect(concurrent).toEqual(sequential);
    }
  });

  // 7.17: the wait queue is bounded; beyond it a generation is refused at once as MODEL_BUSY.
  it('refuses generations beyond the queue limit at once with MODEL_BUSY and serves the rest', async () => {
    const model = stories({ maxTokens: 60, parallelSequences: 1, queueLimit: 2, chatTemplate: RAW_TEMPLATE });
    await model.load();
    expect(await model.queueFull()).toBe(false);
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => model.invoke([new HumanMessage('Once upon a time')])),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    // One generating, two waiting; the other three are refused without waiting.
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const { reason } of refused as PromiseRejectedResult[]) {
      expect(reason).toBeInstanceOf(LlmBusyError);
      expect(reason).toMatchObject({ code: 'MODEL_BUSY' });
      expect(renderError(reason)).toEqual({
        status: 503,
        body: {
          code: 'MODEL_BUSY',
          message: 'Many fans are chatting right now. Send your message again in a minute.',
        },
      });
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    // The queue drained: the next request is served.
    expect(await model.queueFull()).toBe(false);
    expect(
      (await model.invoke([new HumanMessage('Once upon a time')], { maxTokens: 2 })).usage_metadata
        ?.output_tokens,
    ).toBe(2);
  });

  it("counts tokens with the model's own tokenizer and knows its context size", async () => {
    const model = stories();
    expect(await model.countTokens('Hello world')).toBe(2 + 4);
    expect(await model.getNumTokens('Hello world')).toBe(await model.countTokens('Hello world'));
    expect(await model.contextSize()).toBe(512);
  });

  it('refuses a prompt that leaves no room for a reply, with a typed error', async () => {
    const model = stories({ contextSize: 64 });
    const error = await model
      .invoke([new HumanMessage('Once upon a time there was a dog. '.repeat(40))])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe(LlmErrorCode.BadRequest);
  });

  it('fails fast with LlmUnavailableError when the model file is missing', async () => {
    const started = Date.now();
    const error = await stories({ model: 'no-such-model.gguf' })
      .invoke([new HumanMessage('hi')])
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ code: 'LLM_UNAVAILABLE' });
    expect((error as Error).message).toContain(path.join(MODELS_DIR, 'no-such-model.gguf'));
  });
});

describe('LocalLlamaChatModel downloading its model', () => {
  jest.setTimeout(60_000);
  let server: http.Server;
  let baseUrl: string;
  let requests = 0;
  let dir: string;

  beforeAll(async () => {
    const bytes = await readFile(path.join(MODELS_DIR, STORIES));
    server = http.createServer((req, res) => {
      requests++;
      if (req.url !== '/models/stories260K.gguf') return res.writeHead(404).end();
      res.writeHead(200, { 'content-length': bytes.length, 'content-type': 'application/octet-stream' });
      // Several writes so progress is reported more than once.
      for (let offset = 0; offset < bytes.length; offset += 256 * 1024)
        res.write(bytes.subarray(offset, offset + 256 * 1024));
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(os.tmpdir(), 'backtalk-models-'));
  });

  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads on first use with progress, then uses the local copy', async () => {
    const progress: ModelDownloadProgress[] = [];
    const model = new LocalLlamaChatModel({
      model: `${baseUrl}/models/stories260K.gguf`,
      modelsDir: dir,
      threads: 1,
      contextSize: 256,
      temperature: 0,
      maxTokens: 6,
      chatTemplate: RAW_TEMPLATE,
      onDownloadProgress: (p) => progress.push(p),
    });
    const reply = await model.invoke([new HumanMessage('Once upon a time')]);
    expect(reply.text).toMatch(/^, there was a little/);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toMatchObject({ downloadedBytes: 1185376, totalBytes: 1185376 });
    const file = progress.at(-1)!.file;
    expect((await stat(file)).size).toBe(1185376);

    const seen = requests;
    await new LocalLlamaChatModel({
      model: `${baseUrl}/models/stories260K.gguf`,
      modelsDir: dir,
      threads: 1,
      contextSize: 256,
    }).load();
    expect(requests).toBe(seen);
  });

  it('reports a failed download as LlmUnavailableError', async () => {
    const missing = new LocalLlamaChatModel({
      model: `${baseUrl}/models/missing.gguf`,
      modelsDir: dir,
      threads: 1,
    });
    await expect(missing.load()).rejects.toThrow(/Could not download model .*missing\.gguf: .*404/);
    const refused = new LocalLlamaChatModel({
      model: 'http://127.0.0.1:9/x.gguf',
      modelsDir: dir,
      threads: 1,
      downloadStallTimeoutMs: 2_000,
    });
    await expect(refused.load()).rejects.toBeInstanceOf(LlmUnavailableError);
  });
});
