/**
 * Insight queries over 100,000 stored fan questions (issue 23, "Done when": under 1 s here).
 * Seeds one creator's 100,000 questions (5,000 fans, 12 weeks, 200 topics, a third unanswered)
 * into a fresh chat-inference schema with SQL, then times what /creator/insights and the weekly
 * digest ask chat-inference (InsightsService.forCreator and .digest, real PostgreSQL, no cache).
 *
 * Run from the repository root after `npm run build`:
 *   BACKTALK_TEST_DATABASE_SERVER_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node -r ./services/libs/testing/swc-register.cjs services/chat-inference/bench/insights.bench.ts [--runs 7]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DurableQueue } from '@backtalk/kit';
import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { createTestDatabase } from '@backtalk/testing';
import type { Actor, PersonaGetReply } from '@backtalk/proto';
import { PostRetriever, InMemoryPostIndex } from '@backtalk/ai';
import { chatInferenceDatabase } from '../src/chat-inference.database';
import { chatInferenceService } from '../src/index';
import { InsightsRepository } from '../src/insights/insights.repository';
import { InsightsService } from '../src/insights/insights.service';
import type { VideoTitles } from '../src/insights/video-titles';
import type { CreatorCorpus } from '../src/persona/creator-corpus';

const QUESTIONS = 100_000;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;

async function main(): Promise<void> {
  const database = await createTestDatabase('insights-bench', { migratedFor: [chatInferenceService] });
  const dataSource = await openMigratedDataSource(
    dataSourceOptions(chatInferenceDatabase, database.url, 4) as Parameters<typeof openMigratedDataSource>[0],
  );
  try {
    const creatorId = randomUUID();
    const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [] };
    const seeded = performance.now();
    await dataSource.query(
      `INSERT INTO question_topics (id, "creatorId", key, label, size)
       SELECT gen_random_uuid(), $1, 'topic' || n, 'topic ' || n, 0 FROM generate_series(1, 200) n`,
      [creatorId],
    );
    // Topic sizes follow a long tail; weeks spread over the last 12; fans repeat.
    await dataSource.query(
      `WITH topics AS (SELECT id, row_number() OVER (ORDER BY key) AS n FROM question_topics WHERE "creatorId" = $1)
       INSERT INTO fan_questions (id, "creatorId", "fanId", text, answered, week, "askedAt", "topicId")
       SELECT gen_random_uuid(), $1,
              ('00000000-0000-4000-8000-' || lpad((i % 5000)::text, 12, '0'))::uuid,
              'What about topic ' || (1 + (i::bigint * i) % 200) || ', question ' || i || '?',
              i % 3 <> 0,
              date_trunc('week', now() - make_interval(days => (i % 84)))::date,
              now() - make_interval(days => (i % 84)),
              t.id
       FROM generate_series(1, $2) i JOIN topics t ON t.n = 1 + (i::bigint * i) % 200`,
      [creatorId, QUESTIONS],
    );
    await dataSource.query('ANALYZE fan_questions; ANALYZE question_topics');
    const seedMs = performance.now() - seeded;

    const corpus = {
      persona: () => Promise.resolve({ creatorId, userId: owner.userId } as PersonaGetReply),
    } as unknown as CreatorCorpus;
    const insights = new InsightsService(
      new InsightsRepository(dataSource),
      {} as DurableQueue,
      corpus,
      new PostRetriever({ index: new InMemoryPostIndex() }),
      {} as VideoTitles,
    );
    const time = async (work: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        await work();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      return { median: samples[Math.floor(samples.length / 2)]!, max: samples.at(-1)! };
    };
    const rows = [
      ['/creator/insights, 8 weeks', await time(() => insights.forCreator({ actor: owner, creatorId }))],
      [
        '/creator/insights, 26 weeks',
        await time(() => insights.forCreator({ actor: owner, creatorId, weeks: 26 })),
      ],
      ['weekly digest (1 week, top 5)', await time(() => insights.digest({ creatorId, weeks: 1, limit: 5 }))],
    ] as const;
    const result = await insights.forCreator({ actor: owner, creatorId, weeks: 26 });
    process.stdout.write(
      `${QUESTIONS} questions seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} runs each; ` +
        `${result.topics.length} topics and ${result.videoIdeas.length} video ideas shown\n\n` +
        '| query | median | slowest |\n| --- | ---: | ---: |\n' +
        rows
          .map(([name, t]) => `| ${name} | ${t.median.toFixed(0)} ms | ${t.max.toFixed(0)} ms |`)
          .join('\n') +
        '\n',
    );
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
