import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { initStatusEvents, verifyFixtureCreator } from './creator-pipeline.fixtures';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');

jest.setTimeout(180_000);

/**
 * A step that fails for a passing reason (the model provider answers 503 for a moment) is
 * redelivered by the durable queue and resumes: the creator's screen keeps the run going and ends
 * on 'All done!', never on a failure that fixed itself (docs/creators.md, "Initialisation pipeline").
 * The provider is a real OpenAI-compatible HTTP server that refuses its first requests.
 */
describe('creator initialisation: a passing model outage is retried, not shown as a failure', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let model: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  let fixtures: string;
  let dataDir: string;
  let sql: Client;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  beforeAll(async () => {
    // The client retries once by itself: three refusals fail the first delivery and the
    // first request of the second, whose own retry then succeeds.
    model = await startPacedOpenAiServer({ failFirst: 3, firstTokenDelayMs: 5, interTokenDelayMs: 1 });
    fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-retry-fixtures-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-retry-data-'));
    database = await createSystemTestDatabase('creator_init_retry');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      BACKTALK_DATA_DIR: dataDir,
      CONTENT_FIXTURES_DIR: fixtures,
      LLM_PROVIDER: 'openai',
      LLM_MODEL: 'paced',
      LLM_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test-retry',
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await model?.close();
    rmSync(fixtures, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes the essence step on redelivery and ends completed, with no failed status on the way', async () => {
    const email = `retry-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUpAccount(call, email, 'Correct-Horse-9', codeFor);
    const creator = await verifyFixtureCreator(call, fixtures, user, 2);
    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);

    const { events } = await initStatusEvents(gateway.url, user.token);
    expect(events.filter((event) => event.state === 'failed')).toEqual([]);
    expect(events[events.length - 1]).toMatchObject({ state: 'completed', initComplete: true });
    expect(model.stats.failed).toBe(3);
    const failedRows = await sql.query(
      `SELECT count(*)::int AS n FROM creators.creator_init_statuses WHERE "creatorId" = $1 AND state = 'failed'`,
      [creator.creatorId],
    );
    expect(failedRows.rows[0].n).toBe(0);
    // The job kept the passing error for the operators, and finished.
    const job = await sql.query(
      `SELECT state, error FROM ingestion.ingest_jobs WHERE "creatorId" = $1 AND kind = 'init'`,
      [creator.creatorId],
    );
    expect(job.rows[0]).toMatchObject({ state: 'succeeded' });
    expect(job.rows[0].error).toEqual(expect.any(String));
    expect(
      (
        await sql.query(`SELECT count(*)::int AS n FROM creators.posts WHERE "creatorId" = $1`, [
          creator.creatorId,
        ])
      ).rows[0].n,
    ).toBe(2);
  });
});
