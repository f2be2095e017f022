import { randomBytes } from 'node:crypto';
import { initStatusEvents, verifyFixtureCreator } from './creator-pipeline.fixtures';
import { type FixturePlatform, startFixturePlatform } from './fixture-platform';
import { signUpAccount } from './gateway-http';

jest.setTimeout(180_000);

/**
 * A step that fails for a passing reason (the model provider answers 503 for a moment) is
 * redelivered by the durable queue and resumes: the creator's screen keeps the run going and ends
 * on 'All done!', never on a failure that fixed itself (docs/creators.md, "Initialisation pipeline").
 * The provider is a real OpenAI-compatible HTTP server that refuses its first requests.
 */
describe('creator initialisation: a passing model outage is retried, not shown as a failure', () => {
  let platform: FixturePlatform;

  beforeAll(async () => {
    // The client retries once by itself: three refusals fail the first delivery and the
    // first request of the second, whose own retry then succeeds.
    platform = await startFixturePlatform('creator-init-retry', {
      failFirst: 3,
      firstTokenDelayMs: 5,
      interTokenDelayMs: 1,
    });
  });
  afterAll(() => platform?.close());

  it('resumes the essence step on redelivery and ends completed, with no failed status on the way', async () => {
    const { call, codeFor, fixtures, sql, model } = platform;
    const email = `retry-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUpAccount(call, email, 'Correct-Horse-9', codeFor);
    const creator = await verifyFixtureCreator(call, fixtures, user, 2);
    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);

    const { events } = await initStatusEvents(platform.gateway.url, user.token);
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
