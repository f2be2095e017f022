import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import { LlmUnavailableError, errorMessage } from './llm.error';
import { defaultThreads, getEmbeddingContext } from './local-llama.runtime';
import { type ModelDownloadProgress, resolveModelPath } from './model-file.resolver';

export interface LocalLlamaEmbeddingsOptions extends EmbeddingsParams {
  /** A GGUF embedding model: path (relative to modelsDir) or hf:/https URI. */
  model: string;
  modelsDir: string;
  threads?: number;
  contextSize?: number;
  onDownloadProgress?: (progress: ModelDownloadProgress) => void;
}

/** Embeddings from an in-process GGUF embedding model (node-llama-cpp embedding context). */
export class LocalLlamaEmbeddings extends Embeddings {
  constructor(private readonly options: LocalLlamaEmbeddingsOptions) {
    super(options);
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    // One context, one text at a time: llama.cpp contexts are not re-entrant.
    for (const text of texts) vectors.push(await this.embedQuery(text));
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    const { model, modelsDir, onDownloadProgress } = this.options;
    const file = await resolveModelPath(model, { modelsDir, onProgress: onDownloadProgress });
    const context = await getEmbeddingContext(
      file,
      this.options.threads ?? defaultThreads(),
      this.options.contextSize,
    );
    try {
      const embedding = await context.getEmbeddingFor(text);
      return [...embedding.vector];
    } catch (error) {
      throw new LlmUnavailableError(`The local embedding model failed: ${errorMessage(error)}`, {
        provider: 'local',
        model,
        cause: error,
      });
    }
  }
}
