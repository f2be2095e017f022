import { CREATOR_INIT_STATUSES, ErrorCode, Subjects } from '@backtalk/proto';
import { type InProcessServices, type TestDatabase, waitFor } from '@backtalk/testing';
import type { StartedGateway } from '@backtalk/gateway';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import {
  fixtureVideos,
  initStatusEvents,
  verifyFixtureCreator,
  writeFixtureProfile,
} from './creator-pipeline.fixtures';
import { ResyncScheduler } from '@backtalk/ingestion';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Correct-Horse-9';

/**
 * Issue 10 items 4 and 5 in standalone mode (the durable queue in ingestion's schema, objects in
 * a folder, the real stories260K model writing the essence): a verified creator's initialisation
 * walks the 13 statuses live over SSE, stores every post, cover and embedding once, completes the
 * creator; who may read the status; bad input; a failed step and its retry; re-sync.
 */
describe('creator initialisation pipeline (standalone transport, local object storage)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let fixtures: string;
  let dataDir: string;
  let sql: Client;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  const newUser = async () => {
    const email = `pipe-${randomBytes(4).toString('hex')}@example.com`;
    const account = await signUpAccount(call, email, PASSWORD, codeFor);
    return { email, ...account };
  };

  const newCreator = async (videos = 3) => {
    const user = await newUser();
    return { ...user, ...(await verifyFixtureCreator(call, fixtures, user, videos)) };
  };

  /** The SSE stream of the init status, every event until the server ends it. */
  const statusEvents = (token: string, query = '') => initStatusEvents(gateway.url, token, query);

  const postsOf = async (creatorId: string) =>
    (
      await sql.query(
        `SELECT "awemeId", transcript, "coverS3Path", "s3CoverPublicUrl" FROM creators.posts WHERE "creatorId" = $1 ORDER BY "awemeId"`,
        [creatorId],
      )
    ).rows;

  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-pipeline-fixtures-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-pipeline-data-'));
    database = await createSystemTestDatabase('creator-pipeline');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      BACKTALK_DATA_DIR: dataDir,
      CONTENT_FIXTURES_DIR: fixtures,
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      ESSENCE_MAX_TOKENS: '32',
      LLM_PRELOAD: 'false',
      // A real local model as the embedder (as post-index.medium.spec does): embeddings stored and indexed.
      EMBEDDINGS_PROVIDER: 'local',
      EMBEDDINGS_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    rmSync(fixtures, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('walks the 13 statuses in order, live over SSE, and stores every post, cover, caption track and embedding once', async () => {
    const creator = await newCreator(3);
    expect((await call('/api/creator/init', { token: creator.token })).body).toMatchObject({
      creatorId: creator.creatorId,
      state: 'idle',
      step: 0,
      initComplete: false,
    });
    const started = await call('/api/creator/init', { method: 'POST', token: creator.token });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      state: 'running',
      step: 0,
      status: 'Starting creator onboarding...',
    });
    // Starting again while it runs answers the same run.
    const again = await call('/api/creator/init', { method: 'POST', token: creator.token });
    expect(again.body.runId).toBe(started.body.runId);

    const { events } = await statusEvents(creator.token);
    const last = events[events.length - 1];
    expect(last).toMatchObject({ type: 'status', state: 'completed', step: 12, initComplete: true });
    expect(last.status).toBe('All done! Your creator account is ready.');
    const steps = events.map((event) => event.step);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);

    // Every status of the run was recorded, in the spec's order and words.
    const rows = (
      await sql.query(
        `SELECT status, step, state FROM creators.creator_init_statuses WHERE "creatorId" = $1 ORDER BY "updatedAt", step`,
        [creator.creatorId],
      )
    ).rows;
    expect(rows.map((row) => row.status)).toEqual([...CREATOR_INIT_STATUSES]);

    const posts = await postsOf(creator.creatorId);
    expect(posts.map((post) => post.awemeId)).toEqual(creator.videos.map((video) => video.id).sort());
    expect(posts[0].transcript).toMatch(/^Kiln \d fired to cone six the iron slip turned & crackled$/);
    for (const post of posts) {
      expect(post.coverS3Path).toMatch(
        new RegExp(`^tiktok-data/${creator.creatorId}/${post.awemeId}/cover\\.svg$`),
      );
      expect(existsSync(path.join(dataDir, 'objects', ...post.coverS3Path.split('/')))).toBe(true);
      const cover = await fetch(`${gateway.url}${post.s3CoverPublicUrl}`);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    }
    const essence = readFileSync(
      path.join(dataDir, 'objects', 'customai-kb', creator.creatorId, 'essence.md'),
      'utf8',
    );
    expect(essence.length).toBeGreaterThan(0);
    const persona = await services.client.request(Subjects.CreatorsPersonaGet, {
      creatorId: creator.creatorId,
    });
    expect(persona).toMatchObject({ initComplete: true, essencePrompt: essence });
    expect(
      readFileSync(path.join(dataDir, 'objects', 'customai-kb', creator.creatorId, 'posts.md'), 'utf8'),
    ).toContain('Kiln 0 fired to cone six');
    // One embedding per post in PostgreSQL, the system of record.
    const embeddings = (
      await sql.query(`SELECT "postId" FROM ingestion.post_embeddings WHERE "creatorId" = $1`, [
        creator.creatorId,
      ])
    ).rows;
    expect(embeddings).toHaveLength(3);
    // One cover and one caption track per post.
    const media = (
      await sql.query(`SELECT count(*)::int AS n FROM ingestion.media_objects WHERE "creatorId" = $1`, [
        creator.creatorId,
      ])
    ).rows[0].n;
    expect(media).toBe(6);

    // Starting after completion changes nothing.
    expect((await call('/api/creator/init', { method: 'POST', token: creator.token })).body).toMatchObject({
      state: 'completed',
      initComplete: true,
    });
    expect(await postsOf(creator.creatorId)).toHaveLength(3);
  });

  it('lets only the creator or an admin read an init status', async () => {
    const owner = await newCreator(1);
    const other = await newCreator(1);
    const stranger = await newUser();
    const foreign = await call(`/api/creator/init?creatorId=${owner.creatorId}`, { token: other.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: ErrorCode.Forbidden, message: expect.any(String) });
    expect((await statusEvents(other.token, `?creatorId=${owner.creatorId}`)).status).toBe(403);
    expect((await call('/api/creator/init', { token: stranger.token })).status).toBe(404);
    expect((await call('/api/creator/init', { method: 'POST', token: stranger.token })).status).toBe(404);
    expect(
      (await call(`/api/creator/init?creatorId=${owner.creatorId}`, { token: owner.token })).status,
    ).toBe(200);
    const asAdmin = await services.client.request(Subjects.CreatorsInitStatusGet, {
      actor: { userId: randomUUID(), userType: 'authenticated', groups: ['admin'] },
      creatorId: owner.creatorId,
    });
    expect(asAdmin.creatorId).toBe(owner.creatorId);
    await expect(
      services.client.request(Subjects.CreatorsInitStatusGet, {
        actor: { userId: other.userId, userType: 'authenticated', groups: [] },
        creatorId: owner.creatorId,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect((await call('/api/creator/init')).status).toBe(401);
  });

  it('refuses bad input on every new route and subject, storing nothing', async () => {
    const creator = await newCreator(1);
    const before = (await sql.query('SELECT count(*)::int AS n FROM creators.creator_init_statuses')).rows[0]
      .n;
    for (const [route, init] of [
      ['/api/creator/init?creatorId=nope', {}],
      ['/api/creator/init?other=1', {}],
      ['/api/creator/init/events?creatorId=nope', {}],
      ['/api/creator/resync', { body: { creatorId: 'nope' } }],
      ['/api/creator/resync', { body: { extra: true } }],
    ] as const) {
      const answer = await call(route, { ...init, token: creator.token });
      expect([route, answer.status]).toEqual([route, 400]);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    for (const route of [
      '/api/media/tiktok-data/nope/1/cover.svg',
      `/api/media/tiktok-data/${creator.creatorId}/1/secret.txt`,
    ]) {
      expect((await fetch(`${gateway.url}${route}`)).status).toBe(400);
    }
    expect(
      (await fetch(`${gateway.url}/api/media/tiktok-data/${creator.creatorId}/1/cover.svg`)).status,
    ).toBe(404);
    const bad = [
      [
        Subjects.CreatorsInitStatusRecord,
        { creatorId: creator.creatorId, runId: randomUUID(), step: 13, state: 'running' },
      ],
      [
        Subjects.CreatorsInitStatusRecord,
        { creatorId: creator.creatorId, runId: 'x', step: 1, state: 'running' },
      ],
      [
        Subjects.CreatorsInitProfileSave,
        {
          creatorId: creator.creatorId,
          runId: randomUUID(),
          nickName: '',
          bio: '',
          thumb: '',
          essencePrompt: '',
        },
      ],
      [Subjects.CreatorsPostUpsertMany, { creatorId: creator.creatorId, posts: [{ awemeId: '../x' }] }],
      [Subjects.IngestionMediaGet, { key: 'customai-kb/x/essence.md' }],
      [Subjects.IngestionMediaGet, { key: 'tiktok-data/../../etc/passwd' }],
    ] as const;
    for (const [subject, payload] of bad) {
      await expect(services.client.request(subject as never, payload as never)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    // A run that is not the creator's current one writes nothing.
    expect(
      await services.client.request(Subjects.CreatorsInitStatusRecord, {
        creatorId: creator.creatorId,
        runId: randomUUID(),
        step: 12,
        state: 'completed',
      }),
    ).toEqual({ current: false });
    expect((await sql.query('SELECT count(*)::int AS n FROM creators.creator_init_statuses')).rows[0].n).toBe(
      before,
    );
    expect((await call('/api/creator/me', { token: creator.token })).body.initComplete).toBe(false);
  });

  it('shows a failed step with a clear error, and a retry finishes the job', async () => {
    const creator = await newCreator(2);
    // The profile disappears: the lookup step fails for good.
    rmSync(path.join(fixtures, `${creator.handle}.json`));
    await call('/api/creator/init', { method: 'POST', token: creator.token });
    const { events } = await statusEvents(creator.token);
    expect(events[events.length - 1]).toMatchObject({
      state: 'failed',
      step: 1,
      status: 'Looking up TikTok profile link...',
      error: `We could not find the TikTok profile @${creator.handle}.`,
    });
    writeFixtureProfile(fixtures, creator.handle, {
      bio: 'back',
      followerCount: 3000,
      videos: creator.videos,
    });
    const retried = await call('/api/creator/init', { method: 'POST', token: creator.token });
    expect(retried.body.state).toBe('running');
    const after = await statusEvents(creator.token);
    expect(after.events[after.events.length - 1]).toMatchObject({ state: 'completed', initComplete: true });
    expect(await postsOf(creator.creatorId)).toHaveLength(2);
  });

  it('re-syncs new posts on demand and on schedule without duplicates', async () => {
    const creator = await newCreator(2);
    await call('/api/creator/init', { method: 'POST', token: creator.token });
    await statusEvents(creator.token);
    const more = fixtureVideos(creator.handle, 4);
    writeFixtureProfile(fixtures, creator.handle, { bio: 'x', followerCount: 3000, videos: more });
    const other = await newCreator(1);
    expect(
      (await call('/api/creator/resync', { body: { creatorId: creator.creatorId }, token: other.token }))
        .status,
    ).toBe(403);
    const first = await call('/api/creator/resync', { body: {}, token: creator.token });
    expect(first.status).toBe(202);
    await waitFor(async () => ((await postsOf(creator.creatorId)).length === 4 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the re-sync to store the new posts',
    });
    await call('/api/creator/resync', { body: {}, token: creator.token });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await postsOf(creator.creatorId)).map((post) => post.awemeId)).toEqual(
      more.map((video) => video.id).sort(),
    );
    // A creator still initialising cannot be re-synced.
    expect((await call('/api/creator/resync', { body: {}, token: other.token })).status).toBe(409);

    // The scheduled round: every initialised creator once per slot, however often it is run.
    const newest = fixtureVideos(creator.handle, 6);
    writeFixtureProfile(fixtures, creator.handle, { bio: 'x', followerCount: 3000, videos: newest });
    // The apps are started in startPlatformInProcess's order: identity, creators, ingestion, …
    const scheduler = services.apps[2]!.get(ResyncScheduler);
    const now = Date.now();
    const queued = await scheduler.syncAll(now);
    expect(await scheduler.syncAll(now)).toBe(queued);
    await waitFor(async () => ((await postsOf(creator.creatorId)).length === 6 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the scheduled re-sync to store the new posts',
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await postsOf(creator.creatorId)).map((post) => post.awemeId)).toEqual(
      newest.map((video) => video.id).sort(),
    );
    expect(
      (
        await sql.query(`SELECT count(*)::int AS n FROM ingestion.post_embeddings WHERE "creatorId" = $1`, [
          creator.creatorId,
        ])
      ).rows[0].n,
    ).toBe(6);
    const jobs = (
      await sql.query(
        `SELECT count(*)::int AS n FROM ingestion.ingest_jobs WHERE kind = 'resync' AND "creatorId" = $1`,
        [creator.creatorId],
      )
    ).rows[0].n;
    expect(jobs).toBe(3);
    // The creator still initialising was not queued.
    expect(
      (
        await sql.query(
          `SELECT count(*)::int AS n FROM ingestion.ingest_jobs WHERE kind = 'resync' AND "creatorId" = $1`,
          [other.creatorId],
        )
      ).rows[0].n,
    ).toBe(0);
  });

  it('gives the developer pages their tools: Get User Data, the essence test and a re-sync round (admins)', async () => {
    const creator = await newCreator(2);
    await call('/api/creator/init', { method: 'POST', token: creator.token });
    await statusEvents(creator.token);
    const fan = await newUser();
    const guest = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
    const ops = await newUser();
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', ops.email],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    const admin = (await call('/api/auth/sign-in', { body: { email: ops.email, password: PASSWORD } })).body
      .session.accessToken as string;
    const jobsBefore = (await sql.query('SELECT count(*)::int AS n FROM ingestion.ingest_jobs')).rows[0].n;

    // /dev/creator-init's 'Get User Data': any signed-in user; what the providers read, nothing stored.
    const data = await call('/api/dev/creator-data', { body: { handle: creator.handle }, token: fan.token });
    expect(data.status).toBe(200);
    expect(data.body.profile).toMatchObject({
      provider: 'fixture',
      handle: creator.handle,
      followerCount: 3000,
    });
    expect(data.body.videoCount).toBe(2);
    expect(data.body.videos[0]).toMatchObject({ hasCaptions: true, hasCover: true });
    expect(
      await call('/api/dev/creator-data', { body: { handle: 'nobody.here' }, token: fan.token }),
    ).toMatchObject({ status: 404, body: { code: 'PROFILE_NOT_FOUND' } });
    expect(
      await call('/api/dev/creator-data', { body: { handle: creator.handle }, token: guest }),
    ).toMatchObject({ status: 401, body: { message: 'User authentication required. Please log in again.' } });
    expect((await call('/api/dev/creator-data', { body: { handle: creator.handle } })).status).toBe(401);

    // /dev/test-essence: admins only, the real local model; blank content is refused.
    const essence = await call('/api/dev/test-essence', {
      body: { content: 'I throw bowls on the wheel.\n\nGlazing day: iron slip and cone six.' },
      token: admin,
    });
    expect(essence.status).toBe(200);
    expect(essence.body.essence.length).toBeGreaterThan(0);
    expect(await call('/api/dev/test-essence', { body: { content: 'x' }, token: fan.token })).toMatchObject({
      status: 403,
      body: { code: ErrorCode.Forbidden },
    });

    // /dev/check-all-tiktok: a round over every initialised creator, followed to the end.
    expect((await call('/api/dev/check-all-tiktok', { method: 'POST', token: fan.token })).status).toBe(403);
    writeFixtureProfile(fixtures, creator.handle, {
      bio: 'x',
      followerCount: 3000,
      videos: fixtureVideos(creator.handle, 3),
    });
    const started = await call('/api/dev/check-all-tiktok', { method: 'POST', token: admin });
    expect(started.status).toBe(202);
    const mine = (round: Record<string, unknown>) =>
      (round['runs'] as { creatorId: string }[]).find((run) => run.creatorId === creator.creatorId);
    expect(mine(started.body)).toMatchObject({ handle: creator.handle, newPosts: null });
    const roundId = started.body.roundId as string;
    const finished = await waitFor(
      async () => {
        const round = await call(`/api/dev/check-all-tiktok/${roundId}`, { token: admin });
        return round.body.finished ? round.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 300, what: 'the re-sync round to finish' },
    );
    expect(mine(finished)).toMatchObject({ state: 'succeeded', newPosts: 1, error: null });
    expect(await postsOf(creator.creatorId)).toHaveLength(3);
    expect((await call(`/api/dev/check-all-tiktok/${roundId}`, { token: fan.token })).status).toBe(403);
    expect((await call(`/api/dev/check-all-tiktok/${randomUUID()}`, { token: admin })).body.code).toBe(
      'NOT_FOUND',
    );

    // Bad input: a clear 400 {code, message}, nothing stored or run.
    const jobsAfterRound = (await sql.query('SELECT count(*)::int AS n FROM ingestion.ingest_jobs')).rows[0]
      .n;
    expect(jobsAfterRound).toBe(jobsBefore + started.body.runs.length);
    for (const [route, init] of [
      ['/api/dev/creator-data', { body: {} }],
      ['/api/dev/creator-data', { body: { handle: '../etc' } }],
      ['/api/dev/creator-data', { body: { handle: creator.handle, userId: randomUUID() } }],
      ['/api/dev/test-essence', { body: { content: '   \n  ' } }],
      ['/api/dev/test-essence', { body: { content: 'x'.repeat(20_001) } }],
      ['/api/dev/test-essence', { body: { content: 'ok', model: 'other' } }],
      ['/api/dev/check-all-tiktok/not-a-uuid', {}],
    ] as const) {
      const answer = await call(route, { ...init, token: admin });
      expect([route, answer.status]).toEqual([route, 400]);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    expect((await sql.query('SELECT count(*)::int AS n FROM ingestion.ingest_jobs')).rows[0].n).toBe(
      jobsAfterRound,
    );
  });
});
