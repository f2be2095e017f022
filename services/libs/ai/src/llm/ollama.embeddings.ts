import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import { toLlmError } from './llm.error';

export interface OllamaEmbeddingsOptions extends EmbeddingsParams {
  model: string;
  /** Default http://127.0.0.1:11434 (a trailing /v1 is accepted and ignored). */
  baseUrl?: string;
  /** Default 30 000 ms per request. */
  timeoutMs?: number;
  /** Texts per request. Default 32. */
  batchSize?: number;
}

/** Embeddings from Ollama's native /api/embed endpoint (no extra package needed). */
export class OllamaEmbeddings extends Embeddings {
  private readonly url: string;

  constructor(private readonly options: OllamaEmbeddingsOptions) {
    super(options);
    const base = (options.baseUrl ?? 'http://127.0.0.1:11434').replace(/\/+$/, '').replace(/\/v1$/, '');
    this.url = `${base}/api/embed`;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const batch = this.options.batchSize ?? 32;
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += batch)
      vectors.push(...(await this.embed(texts.slice(start, start + batch))));
    return vectors;
  }

  async embedQuery(text: string): Promise<number[]> {
    return (await this.embed([text]))[0];
  }

  private embed(input: string[]): Promise<number[][]> {
    return this.caller.call(async () => {
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: this.options.model, input }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
        if (!response.ok) {
          throw Object.assign(
            new Error(`HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`),
            { status: response.status },
          );
        }
        const body = (await response.json()) as { embeddings?: number[][] };
        if (!Array.isArray(body.embeddings) || body.embeddings.length !== input.length)
          throw new Error('Ollama returned no embeddings');
        return body.embeddings;
      } catch (error) {
        throw toLlmError(error, { provider: 'ollama', model: this.options.model });
      }
    });
  }
}
