import { analyzeText } from './lexical.analyzer';
import type { PostDocument } from './post-document';

export interface SparseVector {
  indices: number[];
  values: number[];
}

export interface SparseVectorEncoderOptions {
  /** BM25 term-frequency saturation. Default 1.2. */
  k1?: number;
  /** BM25 length normalisation. Default 0.75. */
  b?: number;
  /** Expected post length in terms (after stop words), standing in for BM25's corpus average. Default 120. */
  averageDocLength?: number;
  /** Query terms beyond this many are ignored. Default 64. */
  maxQueryTerms?: number;
}

/** FNV-1a over the term's UTF-8 bytes: a stable uint32 that never changes between releases or machines. */
export function termIndex(term: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(term, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Sparse vectors for Qdrant's lexical side. Qdrant applies IDF itself (the
 * collection's `modifier: idf`), so a post's value for a term is BM25's
 * term-frequency component, tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen)),
 * and the dot product with a query of 1s is the post's BM25 score. Raw counts
 * would let long transcripts outrank the post that is actually about the topic.
 */
export class SparseVectorEncoder {
  private readonly k1: number;
  private readonly b: number;
  private readonly averageDocLength: number;
  private readonly maxQueryTerms: number;

  constructor(options: SparseVectorEncoderOptions = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.averageDocLength = options.averageDocLength ?? 120;
    this.maxQueryTerms = options.maxQueryTerms ?? 64;
  }

  encodeDocument(post: Pick<PostDocument, 'caption' | 'desc' | 'transcript'>): SparseVector {
    const terms = [post.caption, post.desc, post.transcript].flatMap((field) => analyzeText(field ?? ''));
    const counts = new Map<number, number>();
    for (const term of terms) {
      const index = termIndex(term);
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    const lengthNorm = 1 - this.b + (this.b * terms.length) / this.averageDocLength;
    return this.toVector(counts, (tf) => (tf * (this.k1 + 1)) / (tf + this.k1 * lengthNorm));
  }

  encodeQuery(text: string): SparseVector {
    const counts = new Map<number, number>();
    for (const term of analyzeText(text, { unique: true, maxTerms: this.maxQueryTerms }))
      counts.set(termIndex(term), 1);
    return this.toVector(counts, (value) => value);
  }

  private toVector(counts: Map<number, number>, weight: (value: number) => number): SparseVector {
    const indices = [...counts.keys()].sort((a, b) => a - b);
    return { indices, values: indices.map((index) => weight(counts.get(index) ?? 0)) };
  }
}
