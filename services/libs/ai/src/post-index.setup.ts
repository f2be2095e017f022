import { dataDirSchema, secret } from '@backtalk/kit';
import type { Embeddings } from '@langchain/core/embeddings';
import path from 'node:path';
import { z } from 'zod';
import { createEmbeddings, EMBEDDINGS_PROVIDERS } from './llm/embeddings.factory';
import {
  DEFAULT_LOCAL_EMBEDDINGS_MODEL,
  EmbeddingModelUnavailableError,
  LocalLlamaEmbeddings,
} from './llm/local-llama.embeddings';
import type { ModelDownloadProgress } from './llm/model-file.resolver';
import { InMemoryPostIndex } from './retrieval/in-memory-post.index';
import type { PostIndex } from './retrieval/post-document';
import { PostRetriever } from './retrieval/post.retriever';
import { QdrantPostIndex } from './retrieval/qdrant-post.index';

const optionalUrl = z.string().url().optional();

/**
 * The settings of the embedding model and the post index, the same in every
 * service that uses them (ingestion writes the index, chat-inference reads it):
 * both must embed with the same model and point at the same index.
 */
export const postIndexConfigShape = {
  EMBEDDINGS_PROVIDER: z
    .enum(EMBEDDINGS_PROVIDERS)
    .default('none')
    .meta({ defaultText: '`none` (`local` in standalone)' })
    .describe(
      'add dense retrieval: `openai`, `ollama`, `bedrock` or `local` (GGUF in-process); lexical retrieval always runs, and alone while the model is unavailable',
    ),
  EMBEDDINGS_MODEL: z
    .string()
    .min(1)
    .optional()
    .meta({ defaultText: `\`local\`: \`${DEFAULT_LOCAL_EMBEDDINGS_MODEL}\`` })
    .describe('the embedding model; `local`: a `.gguf` path or an `hf:`/https URI (downloaded on first use)'),
  EMBEDDINGS_BASE_URL: optionalUrl.describe("the embedding model's server"),
  EMBEDDINGS_RETRY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(600)
    .describe(
      '`local`: after the model failed to download or load (retrieval is lexical meanwhile), try it again this much later, in the background; posts indexed meanwhile are embedded then',
    ),
  OPENAI_API_KEY: secret(z.string().min(1).optional().describe('the key of the `openai` provider')),
  BEDROCK_API_KEY: secret(
    z
      .string()
      .min(1)
      .optional()
      .describe("a Bedrock API key; without it the AWS SDK's usual credential chain is used"),
  ),
  AWS_REGION: z.string().min(1).default('us-west-2').describe('Bedrock region'),
  LLM_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .optional()
    .meta({ defaultText: 'cores − 1' })
    .describe('local model CPU threads'),
  MODELS_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ defaultText: '`<BACKTALK_DATA_DIR>/models`' })
    .describe('where local models are kept'),
  BACKTALK_DATA_DIR: dataDirSchema,
  QDRANT_URL: optionalUrl.describe(
    'use Qdrant as the post index (cluster, Kubernetes): ingestion writes it, chat-inference reads it; without it the exact in-process index is used',
  ),
  QDRANT_API_KEY: secret(z.string().min(1).optional().describe("Qdrant's API key")),
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[\w-]+$/)
    .default('backtalk_posts')
    .describe("the Qdrant collection holding every creator's posts"),
};
export type PostIndexConfig = z.output<z.ZodObject<typeof postIndexConfigShape>>;

export function modelsDirOf(config: Pick<PostIndexConfig, 'MODELS_DIR' | 'BACKTALK_DATA_DIR'>): string {
  return path.resolve(config.MODELS_DIR ?? path.join(config.BACKTALK_DATA_DIR, 'models'));
}

/** Logs a download as a progress line every few seconds, so a first start shows it is working. */
export function downloadReporter(log: (line: string) => void): (progress: ModelDownloadProgress) => void {
  let lastLog = 0;
  return (progress) => {
    const now = Date.now();
    const done = progress.totalBytes !== undefined && progress.downloadedBytes >= progress.totalBytes;
    if (!done && now - lastLog < 2000) return;
    lastLog = now;
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    const total = progress.totalBytes;
    const bar = total
      ? `[${'#'.repeat(Math.round((progress.downloadedBytes / total) * 30)).padEnd(30, '.')}] ${Math.floor((progress.downloadedBytes / total) * 100)}%`
      : '';
    log(
      `Downloading ${progress.model} ${bar} ${mb(progress.downloadedBytes)}${total ? ` / ${mb(total)}` : ''} MB`,
    );
  };
}

let processIndex: InMemoryPostIndex | undefined;

/**
 * The in-process index every service of this process shares, as services in a
 * cluster share one Qdrant collection: in standalone mode ingestion fills it and
 * chat-inference reads it.
 */
export function processPostIndex(): InMemoryPostIndex {
  processIndex ??= new InMemoryPostIndex();
  return processIndex;
}

/** The embedding model the configuration names: `EMBEDDINGS_MODEL`, or bge-small for `local` when unset. */
export function embeddingsModelOf(
  config: Pick<PostIndexConfig, 'EMBEDDINGS_PROVIDER' | 'EMBEDDINGS_MODEL'>,
): string | undefined {
  return (
    config.EMBEDDINGS_MODEL ??
    (config.EMBEDDINGS_PROVIDER === 'local' ? DEFAULT_LOCAL_EMBEDDINGS_MODEL : undefined)
  );
}

/**
 * The embeddings the configuration names, or null for lexical-only retrieval.
 * A `local` model that cannot be downloaded or loaded is reported once through
 * `log.warn`; retrieval is lexical until a retry loads it.
 */
export function embeddingsFromConfig(
  config: PostIndexConfig,
  log: { info(line: string): void; warn(line: string): void },
): Embeddings | null {
  const apiKey =
    config.EMBEDDINGS_PROVIDER === 'openai'
      ? config.OPENAI_API_KEY
      : config.EMBEDDINGS_PROVIDER === 'bedrock'
        ? config.BEDROCK_API_KEY
        : undefined;
  return createEmbeddings({
    provider: config.EMBEDDINGS_PROVIDER,
    model: embeddingsModelOf(config) ?? '',
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey,
    region: config.AWS_REGION,
    modelsDir: modelsDirOf(config),
    threads: config.LLM_THREADS,
    retryAfterMs: config.EMBEDDINGS_RETRY_SECONDS * 1000,
    onUnavailable: (message, retryAt) =>
      log.warn(
        `Dense retrieval is off: ${message}. Retrieval stays lexical; the model is tried again at ${retryAt.toISOString()} (and at every start).`,
      ),
    onDownloadProgress: downloadReporter((line) => log.info(line)),
  });
}

/** The post index the configuration names: Qdrant when QDRANT_URL is set, else the shared in-process index. */
export async function postIndexFromConfig(
  config: PostIndexConfig,
  embeddings: Embeddings | null,
): Promise<PostIndex> {
  if (!config.QDRANT_URL) return processPostIndex();
  // The collection is made for the model's dimension: a local model being downloaded is waited for.
  if (embeddings instanceof LocalLlamaEmbeddings) await embeddings.loaded();
  const denseVectorSize = embeddings ? (await embeddings.embedQuery('dimension probe')).length : undefined;
  return new QdrantPostIndex({
    url: config.QDRANT_URL,
    apiKey: config.QDRANT_API_KEY,
    collectionName: config.QDRANT_COLLECTION,
    denseVectorSize,
  });
}

/** The retriever over the configured index and embeddings (dense side dropped to lexical when it fails). */
export async function postRetrieverFromConfig(
  config: PostIndexConfig,
  log: { info(line: string): void; warn(line: string): void },
): Promise<PostRetriever> {
  const embeddings = embeddingsFromConfig(config, log);
  return new PostRetriever({
    index: await postIndexFromConfig(config, embeddings),
    embeddings,
    onEmbeddingError: (error) => {
      // A local model downloading, or missing (reported once by onUnavailable): lexical meanwhile.
      if (error instanceof EmbeddingModelUnavailableError) return;
      log.warn(`Embedding failed, searching lexically: ${(error as Error).message}`);
    },
  });
}

/** Which embedding model produced a stored vector: vectors of different models never mix. */
export function embeddingModelKey(config: Pick<PostIndexConfig, 'EMBEDDINGS_PROVIDER' | 'EMBEDDINGS_MODEL'>) {
  return `${config.EMBEDDINGS_PROVIDER}:${embeddingsModelOf(config) ?? ''}`;
}
