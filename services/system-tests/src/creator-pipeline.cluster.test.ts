import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { fixtureVideos, writeFixtureProfile } from './creator-pipeline.fixtures';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { repoRoot, type RunningCluster, startCluster, waitUntilAnswering } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(300_000);

const VIDEOS = 120;

/**
 * Cluster mode: the initialisation job on JetStream; the ingestion process is killed (SIGKILL)
 * in the middle of it and started again, and the job finishes with every post, cover and caption
 * track stored exactly once.
 */
describeWithNats('creator initialisation in cluster mode: the ingestion process killed mid-job', () => {
  const prefix = `test${randomBytes(4).toString('hex')}.`;
  let database: TestDatabase;
  let cluster: RunningCluster;
  let fixtures: string;
  let objects: string;
  let sql: Client;
  const call = gatewayHttp(() => cluster.gatewayUrl);
  const codeFor = outboxCode(outboxOverHttp(call));

  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-pipeline-cluster-fixtures-'));
    objects = mkdtempSync(path.join(os.tmpdir(), 'backtalk-pipeline-cluster-objects-'));
    database = await createSystemTestDatabase('pipeline_cluster');
    cluster = await startCluster(
      {
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        CONTENT_FIXTURES_DIR: fixtures,
        OBJECT_STORAGE_DIR: objects,
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        ESSENCE_MAX_TOKENS: '32',
        // A delivery cut short by the kill is redelivered after this long.
        DURABLE_ACK_WAIT_MS: '2000',
        DURABLE_RETRY_BASE_MS: '100',
      },
      ['identity', 'creators', 'ingestion'],
    );
    await waitUntilAnswering(cluster);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
    rmSync(fixtures, { recursive: true, force: true });
    rmSync(objects, { recursive: true, force: true });
  });

  const maxStep = async (creatorId: string) =>
    (
      await sql.query(
        `SELECT coalesce(max(step), -1)::int AS n FROM creators.creator_init_statuses WHERE "creatorId" = $1`,
        [creatorId],
      )
    ).rows[0].n as number;

  it('finishes after a restart with every post stored exactly once', async () => {
    const email = `cluster-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUpAccount(call, email, 'Correct-Horse-9', codeFor);
    const handle = `kiln.${randomBytes(3).toString('hex')}`;
    const videos = fixtureVideos(handle, VIDEOS);
    writeFixtureProfile(fixtures, handle, { bio: 'pots', followerCount: 4000, videos });
    const key = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle}` },
      token: user.token,
    });
    writeFixtureProfile(fixtures, handle, { bio: `pots ${key.body.key}`, followerCount: 4000, videos });
    const verified = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(verified.body.outcome).toBe('VERIFIED');
    const creatorId = verified.body.creatorId as string;

    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);
    await waitFor(async () => ((await maxStep(creatorId)) >= 5 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 10,
      what: 'the job to reach the processing step',
    });
    await cluster.supervisor.kill('ingestion', 'SIGKILL');
    const atKill = await maxStep(creatorId);
    expect(atKill).toBeLessThan(12);

    cluster.start('ingestion');
    await waitFor(
      async () =>
        (await call('/api/creator/init', { token: user.token })).body.state === 'completed'
          ? true
          : undefined,
      { timeoutMs: 120_000, intervalMs: 250, what: 'the job to finish after the restart' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${cluster.output.slice(-40).join('\n')}`);
    });
    // A redelivery of the cut-short message must change nothing.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const posts = (
      await sql.query(`SELECT "awemeId" FROM creators.posts WHERE "creatorId" = $1`, [creatorId])
    ).rows;
    expect(posts).toHaveLength(VIDEOS);
    expect(new Set(posts.map((post) => post.awemeId)).size).toBe(VIDEOS);
    const media = (
      await sql.query(
        `SELECT kind, count(*)::int AS n FROM ingestion.media_objects WHERE "creatorId" = $1 GROUP BY kind ORDER BY kind`,
        [creatorId],
      )
    ).rows;
    expect(media).toEqual([
      { kind: 'caption', n: VIDEOS },
      { kind: 'cover', n: VIDEOS },
    ]);
    const me = await call('/api/creator/me', { token: user.token });
    expect(me.body.initComplete).toBe(true);
    const statuses = (
      await sql.query(
        `SELECT DISTINCT step FROM creators.creator_init_statuses WHERE "creatorId" = $1 ORDER BY step`,
        [creatorId],
      )
    ).rows;
    expect(statuses.map((row) => row.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  /** A new account in the admin group (identity's make-admin command), signed in. */
  const signUpAdmin = async (): Promise<string> => {
    const email = `cluster-ops-${randomBytes(4).toString('hex')}@example.com`;
    await signUpAccount(call, email, 'Correct-Horse-9', codeFor);
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', email],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    return (await call('/api/auth/sign-in', { body: { email, password: 'Correct-Horse-9' } })).body.session
      .accessToken as string;
  };

  it("makes an admin's demo account through the same pipeline across the processes", async () => {
    const token = await signUpAdmin();
    const handle = `demo.kiln.${randomBytes(3).toString('hex')}`;
    writeFixtureProfile(fixtures, handle, {
      bio: 'pots',
      followerCount: 9000,
      videos: fixtureVideos(handle, 3),
    });
    const created = await call('/api/admin/demo-accounts', {
      body: { tiktokURL: `https://www.tiktok.com/@${handle}` },
      token,
    });
    expect(created.status).toBe(201);
    const creatorId = created.body.creatorId as string;
    await waitFor(
      async () =>
        (await call(`/api/creator/init?creatorId=${creatorId}`, { token })).body.state === 'completed'
          ? true
          : undefined,
      { timeoutMs: 120_000, intervalMs: 500, what: "the demo's initialisation to complete" },
    );
    const posts = (
      await sql.query(`SELECT count(*)::int AS n FROM creators.posts WHERE "creatorId" = $1`, [creatorId])
    ).rows[0].n;
    expect(posts).toBe(3);
    expect(
      (await call('/api/admin/demo-accounts', { token })).body.demoAccounts.map(
        (demo: { handle: string }) => demo.handle,
      ),
    ).toContain(handle);
  });

  it('runs the developer tools across the processes: Get User Data and a re-sync round of every creator', async () => {
    const token = await signUpAdmin();
    const handle = `dev.kiln.${randomBytes(3).toString('hex')}`;
    writeFixtureProfile(fixtures, handle, {
      bio: 'pots',
      followerCount: 5000,
      videos: fixtureVideos(handle, 4),
    });
    const data = await call('/api/dev/creator-data', { body: { handle }, token });
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({ profile: { provider: 'fixture', handle }, videoCount: 4 });

    const started = await call('/api/dev/check-all-tiktok', { method: 'POST', token });
    expect(started.status).toBe(202);
    // The first test's creator is initialised (the admin's demo is not re-synced).
    expect(started.body.runs.length).toBeGreaterThan(0);
    const round = await waitFor(
      async () => {
        const answer = await call(`/api/dev/check-all-tiktok/${started.body.roundId}`, { token });
        return answer.body.finished ? answer.body : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'the re-sync round to finish' },
    );
    // Every initialised creator of this cluster (the first test's), each run ended well.
    expect(round.runs.length).toBe(started.body.runs.length);
    for (const run of round.runs) expect(run).toMatchObject({ state: 'succeeded', newPosts: 0 });
  });
});
