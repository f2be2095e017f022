import { once } from 'node:events';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_LOCAL_EMBEDDINGS_MODEL,
  EmbeddingModelUnavailableError,
  LocalLlamaEmbeddings,
  resetEmbeddingModelAvailability,
} from './llm/local-llama.embeddings';
import { disposeLocalModels } from './llm/local-llama.runtime';
import {
  embeddingModelKey,
  embeddingsFromConfig,
  postIndexConfigShape,
  postRetrieverFromConfig,
} from './post-index.setup';
import { InMemoryPostIndex } from './retrieval/in-memory-post.index';
import { PostRetriever } from './retrieval/post.retriever';
import { MAYA, MAYA_POSTS } from './retrieval/testing/creator-posts.fixture';

/** Real files: the tiny story model (it can embed) and a file that is not a model at all. */
const SHARED_MODELS = path.resolve(__dirname, '../../../../../shared/models');
const schema = z.object(postIndexConfigShape);
const quiet = { info: () => undefined, warn: () => undefined };

describe('post index configuration', () => {
  let modelsDir: string;
  beforeEach(async () => {
    modelsDir = await mkdtemp(path.join(os.tmpdir(), 'backtalk-embeddings-'));
    resetEmbeddingModelAvailability();
  });
  afterEach(async () => {
    resetEmbeddingModelAvailability();
    await disposeLocalModels();
    await rm(modelsDir, { recursive: true, force: true });
  });

  it('`local` without EMBEDDINGS_MODEL is the bge-small GGUF, downloaded into the models folder; unset is lexical only', () => {
    const local = schema.parse({ EMBEDDINGS_PROVIDER: 'local', MODELS_DIR: modelsDir });
    const embeddings = embeddingsFromConfig(local, quiet);
    expect(embeddings).toBeInstanceOf(LocalLlamaEmbeddings);
    expect(DEFAULT_LOCAL_EMBEDDINGS_MODEL).toBe(
      'hf:CompendiumLabs/bge-small-en-v1.5-gguf/bge-small-en-v1.5-q8_0.gguf',
    );
    expect(embeddingModelKey(local)).toBe(`local:${DEFAULT_LOCAL_EMBEDDINGS_MODEL}`);
    expect(embeddingsFromConfig(schema.parse({}), quiet)).toBeNull();
    expect(embeddingModelKey(schema.parse({}))).toBe('none:');
  });

  it('a model that cannot load (missing, or not a GGUF file) leaves retrieval lexical, with one warning for every search and both services', async () => {
    await writeFile(path.join(modelsDir, 'not-a-model.gguf'), JSON.stringify({ tokenizer: 'only' }));
    for (const model of ['missing.gguf', 'not-a-model.gguf']) {
      resetEmbeddingModelAvailability();
      const warnings: string[] = [];
      const log = { info: () => undefined, warn: (line: string) => warnings.push(line) };
      const config = schema.parse({
        EMBEDDINGS_PROVIDER: 'local',
        EMBEDDINGS_MODEL: model,
        MODELS_DIR: modelsDir,
      });
      // As in standalone: ingestion indexes, chat-inference searches, one process.
      const ingestion = await postRetrieverFromConfig(config, log);
      const chat = await postRetrieverFromConfig(config, log);
      expect(ingestion.hybrid).toBe(true);
      const indexed = await ingestion.syncCreator(MAYA, MAYA_POSTS);
      expect(indexed.every((post) => post.embedding === undefined)).toBe(true);
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const hits = await chat.retrieve(MAYA, 'how do I look after a cast iron skillet', 3);
        expect(hits[0]?.doc.postId).toBe('maya-14');
        expect(Date.now() - started).toBeLessThan(2000);
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        new RegExp(
          `^Dense retrieval is off: The embedding model ${model.replace('.', '\\.')} is unavailable: .+\\. Retrieval stays lexical; the model is tried again at \\d{4}-\\d\\d-\\d\\dT.+ \\(and at every start\\)\\.$`,
        ),
      );
      await ingestion.postIndex.removeCreator(MAYA);
    }
  });

  it('retries a missing model later, in the background, and tells listeners when it loads', async () => {
    const embeddings = new LocalLlamaEmbeddings({
      model: 'embedder.gguf',
      modelsDir,
      threads: 1,
      retryAfterMs: 300,
    });
    const failures: unknown[] = [];
    const retriever = new PostRetriever({
      index: new InMemoryPostIndex(),
      embeddings,
      onEmbeddingError: (error) => failures.push(error),
    });
    let recovered = 0;
    retriever.onEmbeddingsRecovered(() => recovered++);
    await retriever.index(MAYA_POSTS.slice(0, 3));
    await expect(embeddings.embedQuery('x')).rejects.toBeInstanceOf(EmbeddingModelUnavailableError);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(EmbeddingModelUnavailableError);

    await copyFile(path.join(SHARED_MODELS, 'stories260K.gguf'), path.join(modelsDir, 'embedder.gguf'));
    // Nobody calls: the background retry loads it.
    const deadline = Date.now() + 10_000;
    while (recovered === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recovered).toBe(1);
    expect(await embeddings.embedQuery('a sourdough starter')).toHaveLength(64);

    // A text longer than the model reads is embedded by its beginning, not refused.
    const short = new LocalLlamaEmbeddings({
      model: 'embedder.gguf',
      modelsDir,
      threads: 1,
      contextSize: 32,
    });
    const long = MAYA_POSTS.map((post) => post.transcript).join(' ');
    expect(await short.embedQuery(long)).toHaveLength(64);
  });

  it('downloads a model on first use in the background, with progress, searching lexically meanwhile', async () => {
    const bytes = await readFile(path.join(SHARED_MODELS, 'stories260K.gguf'));
    let sendIt: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (sendIt = resolve));
    const server = http.createServer((req, res) => {
      if (req.headers.range === 'bytes=0-0') {
        res.writeHead(206, { 'content-range': `bytes 0-0/${bytes.length}`, 'content-length': 1 });
        return res.end(bytes.subarray(0, 1));
      }
      // The file itself only when the test says so: a slow first download.
      void held.then(() => {
        res.writeHead(200, { 'content-length': bytes.length, 'content-type': 'application/octet-stream' });
        res.end(bytes);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const lines: string[] = [];
      const config = schema.parse({
        EMBEDDINGS_PROVIDER: 'local',
        EMBEDDINGS_MODEL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/embedder.gguf`,
        MODELS_DIR: modelsDir,
        LLM_THREADS: '1',
      });
      const log = {
        info: (line: string) => lines.push(line),
        warn: (line: string) => lines.push(`WARN ${line}`),
      };
      const retriever = await postRetrieverFromConfig(config, log);
      let recovered = 0;
      retriever.onEmbeddingsRecovered(() => recovered++);
      const started = Date.now();
      const indexed = await retriever.index(MAYA_POSTS);
      expect(indexed.every((post) => post.embedding === undefined)).toBe(true);
      expect((await retriever.retrieve(MAYA, 'jammy eggs ice bath', 3))[0]?.doc.postId).toBe('maya-22');
      expect(Date.now() - started).toBeLessThan(3000);

      sendIt();
      const deadline = Date.now() + 20_000;
      while (recovered === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(recovered).toBe(1);
      expect(
        lines.some((line) => /^Downloading http:\/\/127\.0\.0\.1:\d+\/embedder\.gguf .*MB$/.test(line)),
      ).toBe(true);
      expect(lines.filter((line) => line.startsWith('WARN'))).toEqual([]);
      const reindexed = await retriever.index(MAYA_POSTS);
      expect(reindexed.every((post) => post.embedding?.length === 64)).toBe(true);
    } finally {
      server.close();
    }
  });
});
