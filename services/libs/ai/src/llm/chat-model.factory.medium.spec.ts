import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatBedrockConverse } from '@langchain/aws';
import { HumanMessage } from '@langchain/core/messages';
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { createChatModel } from './chat-model.factory';
import { createEmbeddings } from './embeddings.factory';
import { GuardedChatModel } from './guarded.chat-model';
import { LlmConfigError, LlmErrorCode, LlmUnavailableError, toLlmError } from './llm.error';
import { LocalLlamaChatModel } from './local-llama.chat-model';
import { LocalLlamaEmbeddings } from './local-llama.embeddings';
import { disposeLocalModels } from './local-llama.runtime';
import { OllamaEmbeddings } from './ollama.embeddings';

const MODELS_DIR = path.resolve(__dirname, '../../../../../../shared/models');

afterAll(async () => disposeLocalModels());

describe('createChatModel', () => {
  it('builds the adapter for each provider', () => {
    const local = createChatModel({ provider: 'local', model: 'stories260K.gguf', modelsDir: MODELS_DIR });
    expect(local).toBeInstanceOf(LocalLlamaChatModel);
    const openai = createChatModel({
      provider: 'openai',
      model: 'llama3.2',
      baseUrl: 'http://127.0.0.1:11434/v1',
      modelsDir: MODELS_DIR,
    });
    expect(openai).toBeInstanceOf(GuardedChatModel);
    expect((openai as GuardedChatModel).inner).toBeInstanceOf(ChatOpenAI);
    const anthropic = createChatModel({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'k',
      modelsDir: MODELS_DIR,
    });
    expect((anthropic as GuardedChatModel).inner).toBeInstanceOf(ChatAnthropic);
    const bedrock = createChatModel({
      provider: 'bedrock',
      model: 'anthropic.claude-3-haiku-20240307-v1:0',
      region: 'us-west-2',
      modelsDir: MODELS_DIR,
    });
    expect((bedrock as GuardedChatModel).inner).toBeInstanceOf(ChatBedrockConverse);
  });

  it('rejects configurations that cannot work, with a clear typed error', () => {
    const cases: Array<[Parameters<typeof createChatModel>[0], RegExp]> = [
      [{ provider: 'openai', model: 'gpt-4o-mini', modelsDir: MODELS_DIR }, /needs an apiKey/],
      [{ provider: 'anthropic', model: 'claude', modelsDir: MODELS_DIR }, /needs an apiKey/],
      [{ provider: 'bedrock', model: 'claude', modelsDir: MODELS_DIR }, /needs a region/],
      [{ provider: 'local', model: ' ', modelsDir: MODELS_DIR }, /No model configured/],
      [{ provider: 'mistral' as never, model: 'x', modelsDir: MODELS_DIR }, /Unknown LLM provider "mistral"/],
    ];
    for (const [options, message] of cases) {
      expect(() => createChatModel(options)).toThrow(LlmConfigError);
      expect(() => createChatModel(options)).toThrow(message);
    }
  });

  it('maps an Anthropic API failure to a typed error', async () => {
    const server = http.createServer((_req, res) =>
      res
        .writeHead(529, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const model = createChatModel({
        provider: 'anthropic',
        model: 'claude-test',
        apiKey: 'k',
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        maxRetries: 0,
        modelsDir: MODELS_DIR,
      });
      const error = await model.invoke([new HumanMessage('hi')]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmUnavailableError);
      expect(error).toMatchObject({ provider: 'anthropic', status: 529 });
    } finally {
      server.close();
    }
  });
});

describe('toLlmError', () => {
  const context = { provider: 'bedrock', model: 'm' };
  it('classifies AWS-style errors by name and metadata', () => {
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ThrottlingException',
      $metadata: { httpStatusCode: 429 },
    });
    expect(toLlmError(throttled, context)).toMatchObject({ code: LlmErrorCode.RateLimited });
    const denied = Object.assign(new Error('no access'), { name: 'AccessDeniedException' });
    expect(toLlmError(denied, context)).toMatchObject({ code: LlmErrorCode.Unauthorized });
    const creds = Object.assign(new Error('Could not load credentials from any providers'), {
      name: 'CredentialsProviderError',
    });
    expect(toLlmError(creds, context)).toMatchObject({ code: LlmErrorCode.Unauthorized });
  });

  it('passes aborts through untouched', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(toLlmError(abort, context)).toBe(abort);
  });
});

describe('createEmbeddings', () => {
  it('returns null for lexical-only retrieval and an adapter per provider', () => {
    expect(createEmbeddings({ provider: 'none', model: '' })).toBeNull();
    expect(
      createEmbeddings({ provider: 'openai', model: 'text-embedding-3-small', apiKey: 'k' }),
    ).toBeInstanceOf(OpenAIEmbeddings);
    expect(createEmbeddings({ provider: 'ollama', model: 'nomic-embed-text' })).toBeInstanceOf(
      OllamaEmbeddings,
    );
    expect(createEmbeddings({ provider: 'local', model: 'e.gguf', modelsDir: MODELS_DIR })).toBeInstanceOf(
      LocalLlamaEmbeddings,
    );
    expect(() => createEmbeddings({ provider: 'bedrock', model: 'amazon.titan-embed-text-v2:0' })).toThrow(
      /need a region/,
    );
    expect(() => createEmbeddings({ provider: 'local', model: 'e.gguf' })).toThrow(/modelsDir/);
  });

  it('embeds with a local GGUF model through an embedding context', async () => {
    // stories260K is no embedding model, but it proves the mechanics: one vector of the model's width per text, deterministic.
    const embeddings = createEmbeddings({
      provider: 'local',
      model: 'stories260K.gguf',
      modelsDir: MODELS_DIR,
      threads: 1,
    })!;
    const [a, b] = await embeddings.embedDocuments(['a red ball', 'a little dog']);
    expect(a).toHaveLength(64);
    expect(a).not.toEqual(b);
    expect(await embeddings.embedQuery('a red ball')).toEqual(a);
  });

  it('reports a missing local embedding model as LlmUnavailableError', async () => {
    const embeddings = createEmbeddings({
      provider: 'local',
      model: 'missing-embed.gguf',
      modelsDir: MODELS_DIR,
    })!;
    await expect(embeddings.embedQuery('x')).rejects.toBeInstanceOf(LlmUnavailableError);
  });

  it("calls Ollama's /api/embed and maps its failures", async () => {
    const bodies: unknown[] = [];
    let fail = false;
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (part) => (raw += part));
      req.on('end', () => {
        bodies.push({ url: req.url, ...JSON.parse(raw) });
        if (fail) return res.writeHead(404).end('model "nomic" not found, try pulling it first');
        const { input } = JSON.parse(raw) as { input: string[] };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ embeddings: input.map((t) => [t.length, 1]) }));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const embeddings = createEmbeddings({ provider: 'ollama', model: 'nomic', baseUrl, maxRetries: 0 })!;
      expect(await embeddings.embedDocuments(['ab', 'abcd'])).toEqual([
        [2, 1],
        [4, 1],
      ]);
      expect(bodies[0]).toEqual({ url: '/api/embed', model: 'nomic', input: ['ab', 'abcd'] });
      fail = true;
      await expect(embeddings.embedQuery('x')).rejects.toMatchObject({
        code: LlmErrorCode.Unavailable,
        status: 404,
      });
    } finally {
      server.close();
    }
  });
});
