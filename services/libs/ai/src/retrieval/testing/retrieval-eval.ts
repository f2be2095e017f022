/** One question of a retrieval evaluation: the post ids a search ranked, and the post that answers it. */
export interface RankedCase {
  question: string;
  expected: string;
  ranked: readonly string[];
}

export interface RetrievalScores {
  questions: number;
  /** Share of questions whose answering post is ranked first. */
  hitAt1: number;
  /** Share of questions whose answering post is among the first three. */
  hitAt3: number;
  /** The questions whose answering post is not among the first three. */
  missesAt3: string[];
}

/** Share of cases whose expected post is among the first `k` ranked (0 for no cases). */
export function hitAtK(cases: readonly RankedCase[], k: number): number {
  if (cases.length === 0) return 0;
  const hits = cases.filter((c) => c.ranked.slice(0, k).includes(c.expected)).length;
  return hits / cases.length;
}

export function scoreRetrieval(cases: readonly RankedCase[]): RetrievalScores {
  return {
    questions: cases.length,
    hitAt1: hitAtK(cases, 1),
    hitAt3: hitAtK(cases, 3),
    missesAt3: cases.filter((c) => !c.ranked.slice(0, 3).includes(c.expected)).map((c) => c.question),
  };
}

/** Runs `search` (top three post ids) for every question, one at a time, and scores it. */
export async function evaluateRetrieval(
  questions: ReadonlyArray<readonly [question: string, postId: string]>,
  search: (question: string) => Promise<readonly string[]>,
): Promise<RetrievalScores> {
  const cases: RankedCase[] = [];
  for (const [question, expected] of questions)
    cases.push({ question, expected, ranked: await search(question) });
  return scoreRetrieval(cases);
}
