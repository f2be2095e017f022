/** The constant from Cormack, Clarke & Büttcher (2009), also Qdrant's and Elasticsearch's usual choice. */
export const DEFAULT_RRF_K = 60;

/**
 * Reciprocal rank fusion: each ranking contributes 1 / (k + rank) for every
 * item it holds (rank counted from 1). Items missing from a ranking get
 * nothing from it. Ties keep the order of first appearance.
 */
export function reciprocalRankFusion<T>(
  rankings: ReadonlyArray<ReadonlyArray<T>>,
  keyOf: (item: T) => string,
  k: number = DEFAULT_RRF_K,
): Array<{ item: T; score: number }> {
  const fused = new Map<string, { item: T; score: number; order: number }>();
  let order = 0;
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      const key = keyOf(item);
      const contribution = 1 / (k + index + 1);
      const existing = fused.get(key);
      if (existing) existing.score += contribution;
      else fused.set(key, { item, score: contribution, order: order++ });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ item, score }) => ({ item, score }));
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
