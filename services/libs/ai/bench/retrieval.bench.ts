/**
 * Search latency of the in-memory post index for one creator with 1,000 and
 * 10,000 posts, against a naive linear substring scan over the same posts in
 * the same run. Run from the repository root:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/libs/ai/bench/retrieval.bench.ts [--queries 400]
 */
import { InMemoryPostIndex } from '../src/retrieval/in-memory-post.index';
import type { PostDocument } from '../src/retrieval/post-document';
import { MAYA_POSTS, TOPIC_QUESTIONS } from '../src/retrieval/testing/creator-posts.fixture';

const CREATOR = 'bench-creator';

/** Deterministic PRNG (mulberry32) so every run indexes the same posts. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Posts built from the fixture's real vocabulary plus filler, with realistic field lengths. */
function syntheticPosts(count: number, seed = 42): PostDocument[] {
  const random = prng(seed);
  const vocabulary = [
    ...new Set(
      MAYA_POSTS.flatMap(
        (p) => `${p.caption} ${p.desc} ${p.transcript}`.toLowerCase().match(/[a-z']+/g) ?? [],
      ),
    ),
  ];
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)];
  const sentence = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min)) }, pick).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    postId: `post-${i}`,
    creatorId: CREATOR,
    caption: sentence(4, 12),
    desc: `${sentence(6, 16)} #${pick()} #${pick()}`,
    transcript: sentence(40, 180),
    tikTokCreatedAt: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString(),
    url: `https://www.tiktok.com/@bench/video/${i}`,
  }));
}

/** The baseline: lower-case substring matching of each query word against every post, ranked by hits. */
function linearScan(
  posts: Array<{ doc: PostDocument; text: string }>,
  query: string,
  limit: number,
): PostDocument[] {
  const words = query
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => w.length > 2);
  const scored: Array<{ doc: PostDocument; hits: number }> = [];
  for (const post of posts) {
    let hits = 0;
    for (const word of words) if (post.text.includes(word)) hits++;
    if (hits > 0) scored.push({ doc: post.doc, hits });
  }
  scored.sort((a, b) => b.hits - a.hits);
  return scored.slice(0, limit).map((s) => s.doc);
}

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)];
}

async function measure(
  queries: string[],
  run: (query: string) => unknown | Promise<unknown>,
): Promise<{ p50: number; p99: number; mean: number }> {
  for (const query of queries.slice(0, 20)) await run(query); // warm-up
  const times: number[] = [];
  for (const query of queries) {
    const start = process.hrtime.bigint();
    await run(query);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

async function main(): Promise<void> {
  const argIndex = process.argv.indexOf('--queries');
  const queryCount = argIndex >= 0 ? Number(process.argv[argIndex + 1]) : 400;
  const questions = TOPIC_QUESTIONS.map(([question]) => question);
  const queries = Array.from({ length: queryCount }, (_, i) => questions[i % questions.length]);
  const fmt = (ms: number) => ms.toFixed(3).padStart(8);

  console.log(`node ${process.version}, ${queryCount} queries per run, limit 8\n`);
  console.log(
    'posts   | index build ms | index p50 ms | index p99 ms | scan p50 ms | scan p99 ms | p50 scan/index | p99 scan/index',
  );
  for (const size of [1_000, 10_000]) {
    const posts = syntheticPosts(size);
    const index = new InMemoryPostIndex();
    const built = process.hrtime.bigint();
    await index.upsert(posts);
    const buildMs = Number(process.hrtime.bigint() - built) / 1e6;
    const scanPosts = posts.map((doc) => ({
      doc,
      text: `${doc.caption} ${doc.desc} ${doc.transcript}`.toLowerCase(),
    }));

    const indexed = await measure(queries, (q) => index.search(CREATOR, q, 8));
    const scanned = await measure(queries, (q) => linearScan(scanPosts, q, 8));
    console.log(
      [
        String(size).padEnd(7),
        fmt(buildMs).padStart(14),
        fmt(indexed.p50).padStart(12),
        fmt(indexed.p99).padStart(12),
        fmt(scanned.p50).padStart(11),
        fmt(scanned.p99).padStart(11),
        `${(scanned.p50 / indexed.p50).toFixed(1)}×`.padStart(14),
        `${(scanned.p99 / indexed.p99).toFixed(1)}×`.padStart(14),
      ].join(' | '),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
