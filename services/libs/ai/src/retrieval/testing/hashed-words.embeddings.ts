import { Embeddings } from '@langchain/core/embeddings';
import { analyzeText } from '../lexical.analyzer';
import { termIndex } from '../sparse-vector.encoder';

/**
 * A deterministic stand-in for an embedding model in tests (no weights exist
 * offline): a normalised bag of hashed word buckets. Texts sharing words get
 * similar vectors, which is enough to exercise the dense and fusion paths.
 */
export class HashedWordsEmbeddings extends Embeddings {
  readonly calls: string[] = [];

  constructor(readonly dimensions = 64) {
    super({});
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.vector(text));
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.vector(text);
  }

  private vector(text: string): number[] {
    this.calls.push(text);
    const vector = new Array<number>(this.dimensions).fill(0);
    for (const term of analyzeText(text)) vector[termIndex(term) % this.dimensions] += 1;
    const norm = Math.hypot(...vector) || 1;
    return vector.map((value) => value / norm);
  }
}
