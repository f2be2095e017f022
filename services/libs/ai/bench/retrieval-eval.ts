/**
 * Retrieval quality on paraphrased fan questions: hit@1 and hit@3 over Maya's
 * 30 fixture posts, for lexical (BM25) alone, dense alone and hybrid (both
 * through reciprocal-rank fusion, as chat-inference searches). Run from the
 * repository root after `npm run build`:
 *
 *   npm run eval:retrieval -w services/libs/ai
 *
 * The dense side is a real GGUF embedding model when EMBEDDINGS_MODEL names one
 * (a path, relative to MODELS_DIR, or an hf:/https URI, downloaded on first use),
 * and otherwise the HashedWordsEmbeddings test fixture: a bag of hashed words,
 * a stand-in for the mechanics, not a model result.
 */
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import os from 'node:os';
import path from 'node:path';
import { LocalLlamaEmbeddings } from '../src/llm/local-llama.embeddings';
import { disposeLocalModels } from '../src/llm/local-llama.runtime';
import { InMemoryPostIndex } from '../src/retrieval/in-memory-post.index';
import { PostRetriever } from '../src/retrieval/post.retriever';
import { MAYA, MAYA_POSTS } from '../src/retrieval/testing/creator-posts.fixture';
import { HashedWordsEmbeddings } from '../src/retrieval/testing/hashed-words.embeddings';
import { PARAPHRASED_QUESTIONS } from '../src/retrieval/testing/paraphrased-questions.fixture';
import { evaluateRetrieval, type RetrievalScores } from '../src/retrieval/testing/retrieval-eval';

async function main(): Promise<void> {
  const model = process.env.EMBEDDINGS_MODEL;
  const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(os.homedir(), '.backtalk', 'models'));
  const embeddings: EmbeddingsInterface = model
    ? new LocalLlamaEmbeddings({
        model,
        modelsDir,
        threads: process.env.LLM_THREADS ? Number(process.env.LLM_THREADS) : undefined,
        onDownloadProgress: ({ downloadedBytes, totalBytes }) =>
          process.stderr.write(`\rDownloading ${model}: ${downloadedBytes} / ${totalBytes ?? '?'} bytes`),
      })
    : new HashedWordsEmbeddings(384);
  const dense = model
    ? `local GGUF model \`${model}\``
    : 'HashedWordsEmbeddings (384 dimensions): a test stand-in, NOT a model result';

  const lexical = new PostRetriever({ index: new InMemoryPostIndex() });
  await lexical.index(MAYA_POSTS);
  const hybridIndex = new InMemoryPostIndex();
  const hybrid = new PostRetriever({
    index: hybridIndex,
    embeddings,
    embedTimeoutMs: 120_000,
    onEmbeddingError: (error) => {
      throw error;
    },
  });
  const indexed = await hybrid.index(MAYA_POSTS);
  if (indexed.some((post) => !post.embedding?.length)) throw new Error('Some posts were not embedded');

  const ids = (posts: Array<{ doc: { postId: string } }>) => posts.map((post) => post.doc.postId);
  const rows: Array<[string, RetrievalScores]> = [
    [
      'lexical alone (BM25)',
      await evaluateRetrieval(PARAPHRASED_QUESTIONS, async (q) => ids(await lexical.retrieve(MAYA, q, 3))),
    ],
    [
      'dense alone',
      await evaluateRetrieval(PARAPHRASED_QUESTIONS, async (q) =>
        ids(await hybridIndex.search(MAYA, { text: '', embedding: await embeddings.embedQuery(q) }, 3)),
      ),
    ],
    [
      'hybrid (lexical + dense, RRF k=60)',
      await evaluateRetrieval(PARAPHRASED_QUESTIONS, async (q) => ids(await hybrid.retrieve(MAYA, q, 3))),
    ],
  ];

  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  const hits = (value: number, n: number) => `${Math.round(value * n)}/${n} (${percent(value)})`;
  const lines = [
    `Retrieval evaluation, ${new Date().toISOString().slice(0, 10)}: ${PARAPHRASED_QUESTIONS.length} paraphrased fan questions over ${MAYA_POSTS.length} posts`,
    `dense side: ${dense}`,
    '',
    '| ranking | hit@1 | hit@3 |',
    '| --- | ---: | ---: |',
    ...rows.map(
      ([name, s]) => `| ${name} | ${hits(s.hitAt1, s.questions)} | ${hits(s.hitAt3, s.questions)} |`,
    ),
    '',
    ...rows.map(
      ([name, s]) => `missed at 3 by ${name}: ${s.missesAt3.map((q) => `"${q}"`).join(', ') || 'none'}`,
    ),
  ];
  process.stderr.write(model ? '\n' : '');
  console.log(lines.join('\n'));
  await disposeLocalModels();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
