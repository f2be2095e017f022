import { ErrorCode, Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices } from '@backtalk/testing';
import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot, type RunningCluster, startCluster, waitUntilAnswering } from './processes';
import { createSystemTestDatabase } from './service-databases';
import { TikTokDouble } from './tiktok-double';

jest.setTimeout(300_000);

const PASSWORD = 'Correct-Horse-9';
const CLIENT_KEY = 'awtestclientkey01';
const CLIENT_SECRET = 'test-client-secret-0123456789';
const VIDEOS = 45;

/**
 * Issue 10 item 3(a): the official TikTok API content provider, in cluster mode (every service
 * its own process, real NATS and PostgreSQL, the gateway over HTTP), against a local contract
 * double of TikTok's documented endpoints (TikTok cannot be reached from here): the Login Kit
 * round trip with its state check, tokens stored and refreshed, the profile and the videos read
 * and mapped, verification through this provider, one user's connection out of another's reach,
 * TikTok's errors as the shared error type, and the connection erased with the account.
 */
describeWithNats('the TikTok API content provider (cluster: gateway, identity, creators, ingestion)', () => {
  const prefix = `test${randomBytes(4).toString('hex')}.`;
  const tiktok = new TikTokDouble(CLIENT_KEY, CLIENT_SECRET);
  let database: TestDatabase;
  let cluster: RunningCluster;
  let objects: string;
  let sql: Client;
  const call = gatewayHttp(() => cluster.gatewayUrl);
  const codeFor = outboxCode(outboxOverHttp(call));

  const newUser = async () => {
    const email = `tiktok-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUpAccount(call, email, PASSWORD, codeFor);
    return { ...user, email };
  };
  const newAccount = (bio = 'I throw pots', followerCount = 3000) => {
    const username = `tt.${randomBytes(3).toString('hex')}`;
    const base = Date.UTC(2026, 0, 1) / 1000;
    tiktok.accounts.set(username, {
      username,
      displayName: `Potter ${username}`,
      bio,
      followerCount,
      videos: Array.from({ length: VIDEOS }, (_, index) => ({
        id: `7${String(index).padStart(3, '0')}${BigInt(`0x${randomBytes(6).toString('hex')}`)}`,
        createTime: base + index * 3600,
        description: `Glazing day ${index} #pottery`,
      })),
    });
    return tiktok.accounts.get(username)!;
  };
  const connections = async (userId: string) =>
    (await sql.query(`SELECT * FROM ingestion.tiktok_connections WHERE "userId" = $1`, [userId])).rows;
  const pendingCount = async () =>
    (await sql.query(`SELECT count(*)::int AS n FROM ingestion.tiktok_authorizations`)).rows[0].n as number;

  /** POST connect, then TikTok's authorize page (which signs in as `username`): the callback URL and cookie. */
  const startConnect = async (token: string, username: string) => {
    tiktok.signInAs = username;
    const started = await fetch(`${cluster.gatewayUrl}/api/creator/tiktok/connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(started.status).toBe(200);
    const setCookie = started.headers.getSetCookie().find((value) => value.startsWith('bt_tiktok=')) ?? '';
    const cookie = /^(bt_tiktok=[A-Za-z0-9_-]{43});/.exec(setCookie)?.[1];
    expect({ setCookie, cookie }).toEqual({ setCookie: expect.any(String), cookie: expect.any(String) });
    expect(setCookie).toContain('Path=/api/creator/tiktok/callback');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    const authorize = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    return { callback: new URL(authorize.headers.get('location')!), cookie: cookie!, authorizationUrl };
  };
  const followCallback = (callback: URL, cookie?: string) =>
    fetch(`${cluster.gatewayUrl}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
  const connect = async (token: string, username: string) => {
    const { callback, cookie } = await startConnect(token, username);
    const done = await followCallback(callback, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/creator/verify?tiktok=connected');
  };

  beforeAll(async () => {
    await tiktok.start();
    objects = mkdtempSync(path.join(os.tmpdir(), 'backtalk-tiktok-objects-'));
    database = await createSystemTestDatabase('tiktok_provider');
    cluster = await startCluster(
      {
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        OBJECT_STORAGE_DIR: objects,
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        ESSENCE_MAX_TOKENS: '16',
        TIKTOK_CLIENT_KEY: CLIENT_KEY,
        TIKTOK_CLIENT_SECRET: CLIENT_SECRET,
        TIKTOK_AUTHORIZE_URL: `${tiktok.url}/v2/auth/authorize/`,
        TIKTOK_API_BASE_URL: tiktok.url,
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
    await tiktok.stop();
    rmSync(objects, { recursive: true, force: true });
  });

  it('offers the TikTok API provider when it is configured', async () => {
    const { token } = await newUser();
    const { body } = await call('/api/creator/content-providers', { token });
    expect(body.providers).toContainEqual({ name: 'tiktok-api', configured: true });
  });

  it('connects through Login Kit with the state checked, and stores nothing for a wrong or missing state', async () => {
    const user = await newUser();
    const account = newAccount();
    const { callback, cookie, authorizationUrl } = await startConnect(user.token, account.username);
    const authorize = new URL(authorizationUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${tiktok.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_key: CLIENT_KEY,
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
      response_type: 'code',
      redirect_uri: `${cluster.gatewayUrl}/api/creator/tiktok/callback`,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(callback.searchParams.get('code')).toBeTruthy();

    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    const attempts = [
      `?code=${code}`, // no state
      `?code=${code}&state=${'x'.repeat(43)}`, // a state this server never issued
      `?state=${state}&code=${code}&code=again`, // the code twice (not a single value)
    ];
    for (const query of attempts) {
      const answer = await fetch(`${cluster.gatewayUrl}/api/creator/tiktok/callback${query}`, {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // The right state from another browser (no binding cookie, or another one).
    for (const otherCookie of [undefined, `bt_tiktok=${'A'.repeat(43)}`]) {
      const answer = await followCallback(callback, otherCookie);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: ErrorCode.TikTokStateInvalid,
        message: expect.stringContaining('Start again with Connect TikTok'),
      });
    }
    expect(await connections(user.userId)).toHaveLength(0);
    expect(tiktok.calls.filter((entry) => entry.grant === 'authorization_code')).toHaveLength(0);

    const done = await followCallback(callback, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/creator/verify?tiktok=connected');
    const [stored] = await connections(user.userId);
    expect(stored).toMatchObject({
      username: account.username,
      openId: `open-${account.username}`,
      accessToken: expect.stringMatching(/^act\./),
      refreshToken: expect.stringMatching(/^rft\./),
    });
    // The state is used once.
    const replay = await followCallback(callback, cookie);
    expect(replay.status).toBe(400);

    const mine = await call('/api/creator/tiktok/connection', { token: user.token });
    expect(mine.status).toBe(200);
    expect(mine.body.connection).toMatchObject({
      username: account.username,
      displayName: account.displayName,
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
    });
    expect(JSON.stringify(mine.body)).not.toMatch(/act\.|rft\./);
    // The tokens never reach a log line.
    expect(cluster.output.join('\n')).not.toContain(stored.accessToken);
    expect(cluster.output.join('\n')).not.toContain(CLIENT_SECRET);
  });

  it('tells the browser when the user declines at TikTok, and stores nothing', async () => {
    const user = await newUser();
    const account = newAccount();
    tiktok.decline = true;
    try {
      const { callback, cookie } = await startConnect(user.token, account.username);
      expect(callback.searchParams.get('error')).toBe('access_denied');
      const answer = await followCallback(callback, cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/creator/verify?tiktok=error&reason=denied');
    } finally {
      tiktok.decline = false;
    }
    expect(await connections(user.userId)).toHaveLength(0);
  });

  it('verifies a creator through the connected account, reads and maps its videos, and refreshes an expired token', async () => {
    const user = await newUser();
    const account = newAccount('Stoneware and glazes', 4200);
    await connect(user.token, account.username);

    const key = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${account.username}` },
      token: user.token,
    });
    expect(key.body.type).toBe('NOT_VERIFIED_KEY_GENERATED');
    expect(
      (await call('/api/creator/verification', { method: 'POST', token: user.token })).body.outcome,
    ).toBe('NOT_VERIFIED');
    // The user puts the key in their TikTok bio: the next check reads it live.
    account.bio = `Stoneware and glazes ${key.body.key}`;
    const verified = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(verified.body.outcome).toBe('VERIFIED');
    const me = await call('/api/creator/me', { token: user.token });
    expect(me.body).toMatchObject({
      handle: account.username,
      nickName: account.displayName,
      bio: account.bio,
      verified: true,
    });

    // The access token expires: the next read refreshes it first.
    const [before] = await connections(user.userId);
    await sql.query(
      `UPDATE ingestion.tiktok_connections SET "accessTokenExpiresAt" = now() - interval '1 minute' WHERE "userId" = $1`,
      [user.userId],
    );
    const refreshesBefore = tiktok.calls.filter((entry) => entry.grant === 'refresh_token').length;
    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);
    await waitFor(
      async () => {
        const status = await call('/api/creator/init', { token: user.token });
        if (status.body.state === 'failed') throw new Error(`init failed: ${JSON.stringify(status.body)}`);
        return status.body.state === 'completed' ? true : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: 'the initialisation to finish' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${cluster.output.slice(-40).join('\n')}`);
    });
    expect(tiktok.calls.filter((entry) => entry.grant === 'refresh_token').length).toBeGreaterThan(
      refreshesBefore,
    );
    const [after] = await connections(user.userId);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3600_000);

    // Every page of the video list (20 at a time), mapped into posts with their covers.
    expect(tiktok.calls.filter((entry) => entry.path === '/v2/video/list/').length).toBeGreaterThanOrEqual(3);
    const posts = (
      await sql.query(
        `SELECT "awemeId", "desc", "tikTokCreatedAt", "videoUrl" FROM creators.posts WHERE "creatorId" = $1 ORDER BY "tikTokCreatedAt" DESC`,
        [verified.body.creatorId],
      )
    ).rows;
    expect(posts).toHaveLength(VIDEOS);
    const newest = [...account.videos].sort((a, b) => b.createTime - a.createTime)[0]!;
    expect(posts[0]).toMatchObject({
      awemeId: newest.id,
      desc: newest.description,
      videoUrl: `https://www.tiktok.com/@${account.username}/video/${newest.id}`,
    });
    expect(new Date(posts[0].tikTokCreatedAt).getTime()).toBe(newest.createTime * 1000);
    const covers = (
      await sql.query(
        `SELECT count(*)::int AS n FROM ingestion.media_objects WHERE "creatorId" = $1 AND kind = 'cover'`,
        [verified.body.creatorId],
      )
    ).rows[0].n;
    expect(covers).toBe(VIDEOS);
  });

  it("keeps one user's connection out of another's reach", async () => {
    const owner = await newUser();
    const account = newAccount();
    await connect(owner.token, account.username);
    const other = await newUser();
    // Not visible.
    expect((await call('/api/creator/tiktok/connection', { token: other.token })).body).toEqual({
      connection: null,
    });
    // Not usable: another user naming the owner's account gets no profile through it.
    const key = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${account.username}` },
      token: other.token,
    });
    expect(key.status).toBe(404);
    expect(key.body.code).toBe(ErrorCode.ProfileNotFound);
    const readsBefore = tiktok.calls.filter((entry) => entry.path === '/v2/user/info/').length;
    expect((await call('/api/creator/verification', { method: 'POST', token: other.token })).body.code).toBe(
      ErrorCode.VerificationKeyNotFound,
    );
    expect(tiktok.calls.filter((entry) => entry.path === '/v2/user/info/').length).toBe(readsBefore);
    // Not removable: the other user's disconnect removes nothing of the owner's.
    expect(
      (await call('/api/creator/tiktok/connection', { method: 'DELETE', token: other.token })).body,
    ).toEqual({
      deleted: false,
    });
    expect(await connections(owner.userId)).toHaveLength(1);
    // Signed out: no connection at all.
    expect((await call('/api/creator/tiktok/connection')).status).toBe(401);
    expect((await call('/api/creator/tiktok/connect', { method: 'POST' })).status).toBe(401);
  });

  it("turns TikTok's errors into clear errors: a rate limit, an error code, a revoked token", async () => {
    const user = await newUser();
    const account = newAccount();
    await connect(user.token, account.username);
    await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${account.username}` },
      token: user.token,
    });

    tiktok.failNext = { status: 429, code: 'rate_limit_exceeded', message: 'API rate limit exceeded' };
    const limited = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(limited.status).toBe(503);
    expect(limited.body).toMatchObject({
      code: ErrorCode.TikTokRateLimited,
      message: 'TikTok is limiting how often we may ask right now. Try again in a few minutes.',
    });

    tiktok.failNext = {
      status: 400,
      code: 'scope_not_authorized',
      message: 'The user did not authorize the scope',
    };
    const scope = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(scope.status).toBe(502);
    expect(scope.body).toMatchObject({
      code: ErrorCode.TikTokApiError,
      message: expect.stringContaining('scope_not_authorized'),
    });

    // TikTok forgets the access token: one refresh, and the read goes through.
    tiktok.revokeAccessTokens();
    const again = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('NOT_VERIFIED');
  });

  it('erases the connection when the account is deleted', async () => {
    const user = await newUser();
    const account = newAccount();
    await connect(user.token, account.username);
    expect(await connections(user.userId)).toHaveLength(1);
    const deleted = await call('/api/auth/account/delete', {
      token: user.token,
      body: { confirm: 'DELETE', password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    await waitFor(async () => ((await connections(user.userId)).length === 0 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the TikTok connection to be erased',
    });
    expect(await pendingCount()).toBeGreaterThanOrEqual(0);
  });
});

/** Without TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET the provider is listed as not configured and cannot be connected. */
describe('the TikTok API content provider, not configured (standalone)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  beforeAll(async () => {
    database = await createSystemTestDatabase('tiktok_unconfigured');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      LLM_PRELOAD: 'false',
    }));
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
  });

  it('is not offered, and connecting answers 404 TIKTOK_NOT_CONFIGURED', async () => {
    const email = `tiktok-off-${randomBytes(4).toString('hex')}@example.com`;
    const { token } = await signUpAccount(call, email, PASSWORD, codeFor);
    const { body } = await call('/api/creator/content-providers', { token });
    expect(body.providers).toContainEqual({ name: 'tiktok-api', configured: false });
    const connect = await call('/api/creator/tiktok/connect', { method: 'POST', token });
    expect(connect.status).toBe(404);
    expect(connect.body).toMatchObject({
      code: ErrorCode.TikTokNotConfigured,
      message: expect.stringContaining('not set up on this server'),
    });
    const callback = await call('/api/creator/tiktok/callback?code=abc&state=def');
    expect(callback.status).toBe(404);
    expect((await call('/api/creator/tiktok/connection', { token })).body).toEqual({ connection: null });
  });
});
