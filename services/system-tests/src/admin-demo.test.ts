import { ADMIN_DEMO_URL_MISSING_AT, CREATOR_INIT_STATUSES, ErrorCode, Subjects } from '@backtalk/proto';
import { type InProcessServices, type TestDatabase } from '@backtalk/testing';
import type { StartedGateway } from '@backtalk/gateway';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { fixtureVideos, writeFixtureProfile } from './creator-pipeline.fixtures';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const PASSWORD = 'Correct-Horse-9';

/**
 * Issue 10 item 7 and issue 12 item 2 (`/admin/creator-demo`) over HTTP in standalone mode: an
 * admin makes a demo creator of a fixture profile and the creators' own 13-step initialisation
 * run completes with its posts stored; nobody else may, bad input and a profile nobody knows
 * store nothing, and a profile that is already a creator is a 409.
 */
describe('admin demo accounts through the initialisation pipeline', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let fixtures: string;
  let dataDir: string;
  let sql: Client;
  let admin: { userId: string; token: string };
  let user: { userId: string; token: string };
  let guestToken: string;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  const newUser = async (prefix: string) => {
    const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
    const account = await signUpAccount(call, email, PASSWORD, codeFor);
    return { ...account, email };
  };

  /** A profile only the fixture provider knows, with `videos` videos. */
  const fixtureProfile = (videos = 3) => {
    const handle = `glaze.${randomBytes(3).toString('hex')}`;
    const list = fixtureVideos(handle, videos);
    writeFixtureProfile(fixtures, handle, { bio: 'Pottery daily', followerCount: 12_000, videos: list });
    return { handle, videos: list };
  };

  /** The SSE stream of a creator's init status, every event until the server ends it. */
  const statusEvents = async (token: string, creatorId: string) => {
    const response = await fetch(`${gateway.url}/api/creator/init/events?creatorId=${creatorId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) return { status: response.status, events: [] };
    const events: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const block of (await response.text()).split('\n\n')) {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (type && data) events.push({ type, ...JSON.parse(data) });
    }
    return { status: 200, events };
  };

  const counts = async () =>
    (
      await sql.query(
        `SELECT (SELECT count(*)::int FROM creators.creators) AS creators,
                (SELECT count(*)::int FROM creators.creator_init_statuses) AS statuses,
                (SELECT count(*)::int FROM creators.posts) AS posts,
                (SELECT count(*)::int FROM ingestion.ingest_jobs) AS jobs`,
      )
    ).rows[0];

  const creatorByHandle = async (handle: string) =>
    (await sql.query(`SELECT * FROM creators.creators WHERE handle = $1`, [handle])).rows[0];

  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-admin-demo-fixtures-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'backtalk-admin-demo-data-'));
    database = await createSystemTestDatabase('admin-demo');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      BACKTALK_DATA_DIR: dataDir,
      CONTENT_FIXTURES_DIR: fixtures,
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      ESSENCE_MAX_TOKENS: '32',
      LLM_PRELOAD: 'false',
    }));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    user = await newUser('fan');
    const ops = await newUser('ops');
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', ops.email],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    // A new token carries the admin group.
    const signedIn = await call('/api/auth/sign-in', { body: { email: ops.email, password: PASSWORD } });
    admin = { userId: ops.userId, token: signedIn.body.session.accessToken };
    expect((await call('/api/auth/session', { token: admin.token })).body.groups).toContain('admin');
    guestToken = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken;
  });
  afterAll(async () => {
    await sql?.end();
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    rmSync(fixtures, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an admin creates a demo creator: the 13 statuses run to the end, its posts are stored and it is listed', async () => {
    const profile = fixtureProfile(3);
    const created = await call('/api/admin/demo-accounts', {
      body: { tiktokURL: `https://www.tiktok.com/@${profile.handle}?lang=en` },
      token: admin.token,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: 'running',
      step: 0,
      status: 'Starting creator onboarding...',
      initComplete: false,
    });
    const creatorId = created.body.creatorId as string;

    // The admin follows the demo's progress like a creator follows their own.
    const { status, events } = await statusEvents(admin.token, creatorId);
    expect(status).toBe(200);
    const last = events[events.length - 1];
    expect(last).toMatchObject({ type: 'status', state: 'completed', step: 12, initComplete: true });
    expect(last.status).toBe('All done! Your creator account is ready.');
    const rows = (
      await sql.query(
        `SELECT status FROM creators.creator_init_statuses WHERE "creatorId" = $1 ORDER BY "updatedAt", step`,
        [creatorId],
      )
    ).rows;
    expect(rows.map((row) => row.status)).toEqual([...CREATOR_INIT_STATUSES]);

    const stored = await creatorByHandle(profile.handle);
    expect(stored).toMatchObject({
      id: creatorId,
      owner: 'system',
      userId: `demo:${profile.handle}`,
      tiktokURL: `https://www.tiktok.com/@${profile.handle}`,
      demoAccount: true,
      initComplete: true,
      verifiedAt: null,
      nickName: `Nick ${profile.handle}`,
      bio: 'Pottery daily',
    });
    expect(stored.essencePrompt.length).toBeGreaterThan(0);
    const posts = (
      await sql.query(
        `SELECT "awemeId", transcript FROM creators.posts WHERE "creatorId" = $1 ORDER BY "awemeId"`,
        [creatorId],
      )
    ).rows;
    expect(posts.map((post) => post.awemeId)).toEqual(profile.videos.map((video) => video.id).sort());
    expect(posts[0].transcript).toMatch(/^Kiln \d fired to cone six/);
    expect((await call(`/api/creators/${creatorId}/posts`, { token: user.token })).body.posts).toHaveLength(
      3,
    );

    // Listed on /admin/demo-accounts; a public demo creator anyone can open.
    const listed = (await call('/api/admin/demo-accounts', { token: admin.token })).body.demoAccounts;
    expect(listed.map((demo: { handle: string }) => demo.handle)).toContain(profile.handle);
    expect(
      (await call(`/api/creators/by-handle/${profile.handle}`, { token: user.token })).body,
    ).toMatchObject({
      id: creatorId,
      demoAccount: true,
      initComplete: true,
    });

    // The same profile again: a clear 409, nothing more stored.
    const before = await counts();
    for (const tiktokURL of [`@${profile.handle.toUpperCase()}`, `tiktok.com/@${profile.handle}/`]) {
      const again = await call('/api/admin/demo-accounts', { body: { tiktokURL }, token: admin.token });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: ErrorCode.CreatorAlreadyExists,
        message: expect.stringContaining(`@${profile.handle} is already a creator`),
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses the profile of a seeded demo creator (409), storing nothing', async () => {
    const before = await counts();
    const seeded = await call('/api/admin/demo-accounts', {
      body: { tiktokURL: 'https://www.tiktok.com/@demo.creator' },
      token: admin.token,
    });
    expect(seeded).toMatchObject({ status: 409, body: { code: ErrorCode.CreatorAlreadyExists } });
    expect(await counts()).toEqual(before);
  });

  it('lets only admins create a demo or restart its run: 403 FORBIDDEN for everyone else, nothing created', async () => {
    const profile = fixtureProfile(1);
    const before = await counts();
    for (const token of [user.token, guestToken]) {
      const refused = await call('/api/admin/demo-accounts', {
        body: { tiktokURL: `https://www.tiktok.com/@${profile.handle}` },
        token,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: ErrorCode.Forbidden,
        message: 'Only admins can create demo accounts.',
      });
    }
    expect(
      (await call('/api/admin/demo-accounts', { body: { tiktokURL: `@${profile.handle}` } })).status,
    ).toBe(401);
    // Over the transport too, whatever the gateway does.
    await expect(
      services.client.request(Subjects.CreatorsDemoAccountCreate, {
        actor: { userId: user.userId, userType: 'authenticated', groups: [] },
        tiktokURL: `@${profile.handle}`,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect(await creatorByHandle(profile.handle)).toBeUndefined();
    expect(await counts()).toEqual(before);

    // Restarting a demo's run is an admin's; a creator's own run is not an admin's to restart.
    const demo = (await call('/api/admin/demo-accounts', { token: admin.token })).body.demoAccounts[0];
    const restart = await call(`/api/admin/demo-accounts/${demo.creatorId}/init`, {
      method: 'POST',
      token: user.token,
    });
    expect(restart).toMatchObject({ status: 403, body: { code: ErrorCode.Forbidden } });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with 400 {code, message}, and a profile no provider knows with 404, storing nothing', async () => {
    const before = await counts();
    const bad: [unknown, string | undefined][] = [
      [{ tiktokURL: 'https://www.tiktok.com/maya.makes' }, ADMIN_DEMO_URL_MISSING_AT],
      [{ tiktokURL: 'https://example.com/@maya.makes' }, 'Enter a TikTok profile link'],
      [{ tiktokURL: 'https://www.tiktok.com/@maya.makes/video/123' }, 'Enter a TikTok profile link'],
      [{ tiktokURL: '@' }, 'Enter a TikTok profile link'],
      [{ tiktokURL: '@bad handle' }, 'Enter a TikTok profile link'],
      [{ tiktokURL: `@${'a'.repeat(400)}` }, undefined],
      [{ tiktokURL: 42 }, undefined],
      [{}, undefined],
      [{ tiktokURL: '@maya.makes', demoAccount: false }, undefined],
      ['{"tiktokURL":', undefined],
    ];
    for (const [body, words] of bad) {
      const answer = await call('/api/admin/demo-accounts', { body, token: admin.token });
      expect([body, answer.status]).toEqual([body, 400]);
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      if (words) expect(JSON.stringify(answer.body)).toContain(words);
    }
    const missing = await call('/api/admin/demo-accounts', { method: 'POST', token: admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    const badId = await call('/api/admin/demo-accounts/not-a-uuid/init', {
      method: 'POST',
      token: admin.token,
    });
    expect(badId).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    await expect(
      services.client.request(Subjects.CreatorsDemoAccountCreate, {
        actor: { userId: admin.userId, userType: 'authenticated', groups: ['admin'] },
        tiktokURL: 'no at sign',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    const unknown = `nobody.${randomBytes(3).toString('hex')}`;
    const notFound = await call('/api/admin/demo-accounts', {
      body: { tiktokURL: `https://www.tiktok.com/@${unknown}` },
      token: admin.token,
    });
    expect(notFound).toMatchObject({
      status: 404,
      body: {
        code: ErrorCode.ProfileNotFound,
        message: `No TikTok profile @${unknown} was found. Check the spelling and try again.`,
      },
    });
    expect(await counts()).toEqual(before);
  });

  it("shows a demo's failed step, and an admin's retry finishes it", async () => {
    const profile = fixtureProfile(2);
    // A cover file is missing: the run fails at a step, with the reason.
    writeFixtureProfile(fixtures, profile.handle, {
      bio: 'x',
      followerCount: 12_000,
      videos: [{ ...profile.videos[0]!, coverFile: 'missing-cover.svg' }],
    });
    rmSync(path.join(fixtures, 'missing-cover.svg'));
    const created = await call('/api/admin/demo-accounts', {
      body: { tiktokURL: `@${profile.handle}` },
      token: admin.token,
    });
    expect(created.status).toBe(201);
    const creatorId = created.body.creatorId as string;
    const failed = await statusEvents(admin.token, creatorId);
    expect(failed.events[failed.events.length - 1]).toMatchObject({
      state: 'failed',
      error: expect.any(String),
    });
    // Another user cannot follow it.
    expect((await statusEvents(user.token, creatorId)).status).toBe(403);

    writeFixtureProfile(fixtures, profile.handle, {
      bio: 'x',
      followerCount: 12_000,
      videos: profile.videos,
    });
    // Retry: a new run, or the failed one if the queue's redelivery already resumed it.
    const retried = await call(`/api/admin/demo-accounts/${creatorId}/init`, {
      method: 'POST',
      token: admin.token,
    });
    expect(retried).toMatchObject({ status: 200, body: { creatorId } });
    const done = await statusEvents(admin.token, creatorId);
    expect(done.events[done.events.length - 1]).toMatchObject({ state: 'completed', initComplete: true });
    expect(
      (await sql.query(`SELECT count(*)::int AS n FROM creators.posts WHERE "creatorId" = $1`, [creatorId]))
        .rows[0].n,
    ).toBe(2);
  });
});
