import { ErrorCode, Subjects } from '@backtalk/proto';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import type { StartedGateway } from '@backtalk/gateway';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { firstValueFrom, toArray } from 'rxjs';
import { gatewayHttp, outboxCode, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const PASSWORD = 'Correct-Horse-9';

/**
 * Issue 10 items 1–3 and 6 over HTTP: bio-key verification against the fixture content
 * provider (profiles written as files, read live), the creator it makes, the creator prompt
 * with versions and rollback, who may see and change what, and bad input changing nothing.
 */
describe('creator onboarding: verification and persona tools (gateway, identity, creators, ingestion)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let fixtures: string;
  let sql: Client;

  const call = gatewayHttp(() => gateway.url);
  const codeFor = outboxCode(
    async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
  );

  /** A new confirmed account; the code comes from the development outbox. */
  const newUser = () =>
    signUpAccount(call, `creator-${randomBytes(4).toString('hex')}@example.com`, PASSWORD, codeFor);

  const writeProfile = (handle: string, profile: { bio: string; followerCount: number }) =>
    writeFileSync(
      path.join(fixtures, `${handle}.json`),
      JSON.stringify({ handle, nickName: `Nick ${handle}`, avatarUrl: '', ...profile }),
    );
  const newHandle = () => `maker.${randomBytes(3).toString('hex')}`;
  const count = async (table: string) =>
    (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

  /** A user who verified `handle` (with enough followers) and is now a creator. */
  const newCreator = async () => {
    const user = await newUser();
    const handle = newHandle();
    writeProfile(handle, { bio: 'hello', followerCount: 3000 });
    const { body } = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle}` },
      token: user.token,
    });
    writeProfile(handle, { bio: `hello ${body.key}`, followerCount: 3000 });
    const verified = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(verified.body.outcome).toBe('VERIFIED');
    return { ...user, handle, creatorId: verified.body.creatorId as string };
  };

  beforeAll(async () => {
    fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-content-fixtures-'));
    database = await createSystemTestDatabase('creator-onboarding');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      CONTENT_FIXTURES_DIR: fixtures,
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      LLM_PRELOAD: 'false',
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
  });

  it('says which content providers are configured', async () => {
    const { token } = await newUser();
    const { status, body } = await call('/api/creator/content-providers', { token });
    expect(status).toBe(200);
    expect(body.providers).toEqual([
      { name: 'fixture', configured: true },
      { name: 'tiktok-api', configured: false },
      { name: 'data-export', configured: true },
    ]);
  });

  it('verifies a profile whose live bio carries the key, and makes the user a creator', async () => {
    const user = await newUser();
    const handle = newHandle();
    writeProfile(handle, { bio: 'I bake bread', followerCount: 2500 });
    expect((await call('/api/creator/verification-key', { token: user.token })).body).toEqual({
      verificationKey: null,
    });
    const created = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle}` },
      token: user.token,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      type: 'NOT_VERIFIED_KEY_GENERATED',
      key: expect.stringMatching(/^BACKTALK-[A-Z2-9]{5}-[A-Z2-9]{5}$/),
      tikTokUserId: `@${handle}`,
    });
    // The same profile again: the same key, shown directly afterwards.
    const again = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle.toUpperCase()}` },
      token: user.token,
    });
    expect(again.body.key).toBe(created.body.key);
    expect(
      (await call('/api/creator/verification-key', { token: user.token })).body.verificationKey,
    ).toMatchObject({
      key: created.body.key,
      status: 'NOT_VERIFIED_KEY_GENERATED',
    });

    // Not in the bio yet.
    const before = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(before.body).toEqual({ outcome: 'NOT_VERIFIED', creatorId: null });
    expect((await call('/api/auth/session', { token: user.token })).body.isCreator).toBe(false);

    // The file is read live: the key in the bio is seen at once.
    writeProfile(handle, { bio: `I bake bread ${created.body.key}`, followerCount: 2500 });
    const after = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(after.status).toBe(200);
    expect(after.body.outcome).toBe('VERIFIED');
    expect((await call('/api/auth/session', { token: user.token })).body.isCreator).toBe(true);

    const creator = await services.client.request(Subjects.CreatorsCreatorFindByUser, {
      userId: user.userId,
    });
    expect(creator).toMatchObject({
      id: after.body.creatorId,
      handle,
      tiktokURL: `https://www.tiktok.com/@${handle}`,
      demoAccount: false,
      initComplete: false,
      verified: true,
      bio: `I bake bread ${created.body.key}`,
    });
    // A second check is harmless; a new key is refused.
    expect(
      (await call('/api/creator/verification', { method: 'POST', token: user.token })).body.outcome,
    ).toBe('VERIFIED');
    const refused = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${newHandle()}` },
      token: user.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ErrorCode.AlreadyVerified);
  });

  it('answers FOLLOWER_UNDER_2500 for a profile with the key and 2499 followers', async () => {
    const user = await newUser();
    const handle = newHandle();
    writeProfile(handle, { bio: '', followerCount: 2499 });
    const { body } = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle}` },
      token: user.token,
    });
    writeProfile(handle, { bio: body.key, followerCount: 2499 });
    const checked = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(checked.body).toEqual({ outcome: 'FOLLOWER_UNDER_2500', creatorId: null });
    expect(
      (await call('/api/creator/verification-key', { token: user.token })).body.verificationKey.status,
    ).toBe('FOLLOWER_UNDER_2500');
    await expect(
      services.client.request(Subjects.CreatorsCreatorFindByUser, { userId: user.userId }),
    ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
  });

  it('lets one profile be claimed by one user only', async () => {
    const owner = await newCreator();
    const other = await newUser();
    const claim = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${owner.handle}` },
      token: other.token,
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({
      code: ErrorCode.ProfileAlreadyClaimed,
      message: expect.stringContaining('already linked to another Backtalk account'),
    });
    // A demo creator's handle is taken too.
    const demo = await call('/api/creator/verification-key', {
      body: { tikTokUserId: '@demo.creator' },
      token: other.token,
    });
    expect(demo.status).toBe(409);
    // And the database refuses a second verified key for the same profile, whatever the code does.
    const { rows } = await sql.query(
      `SELECT "secUid" FROM creators.creator_verification_keys WHERE "userId" = $1`,
      [owner.userId],
    );
    await expect(
      sql.query(
        `INSERT INTO creators.creator_verification_keys (owner, "userId", key, "secUid", "tikTokUserId", verified)
         VALUES ($1, $1, 'K', $2, '@x', true)`,
        [other.userId, rows[0].secUid],
      ),
    ).rejects.toThrow(/creator_verification_keys_verified_sec_uid_key/);
  });

  it('refuses unknown profiles, guests and bad input with a clear 4xx, storing nothing', async () => {
    const user = await newUser();
    const keys = await count('creators.creator_verification_keys');
    const unknown = await call('/api/creator/verification-key', {
      body: { tikTokUserId: '@nobody.at.all' },
      token: user.token,
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: ErrorCode.ProfileNotFound, message: expect.stringContaining('@nobody.at.all') },
    });
    for (const body of [
      { tikTokUserId: 'no-at-sign' },
      { tikTokUserId: '@' },
      { tikTokUserId: '@a/b' },
      { tikTokUserId: `@${'a'.repeat(80)}` },
      { tikTokUserId: 42 },
      {},
      { tikTokUserId: '@ok', actor: { userId: randomUUID(), userType: 'authenticated', groups: [] } },
    ]) {
      const answer = await call('/api/creator/verification-key', { body, token: user.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: expect.any(String) });
    }
    const noAt = await call('/api/creator/verification-key', {
      body: { tikTokUserId: 'name' },
      token: user.token,
    });
    expect(noAt.body.message).toContain('TikTok user ID must start with @');
    const noKey = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(noKey.status).toBe(404);
    expect(noKey.body.code).toBe(ErrorCode.VerificationKeyNotFound);

    const guest = (await call('/api/auth/guest', { method: 'POST', body: {} })).body.tokens
      .accessToken as string;
    writeProfile('guest.target', { bio: '', followerCount: 5000 });
    const asGuest = await call('/api/creator/verification-key', {
      body: { tikTokUserId: '@guest.target' },
      token: guest,
    });
    expect(asGuest.status).toBe(403);
    expect((await call('/api/creator/verification-key')).status).toBe(401);
    expect(await count('creators.creator_verification_keys')).toBe(keys);
  });

  it('keeps every prompt edit as a version, rolls back, and feeds the next reply', async () => {
    const creator = await newCreator();
    const first = await call('/api/creator/prompt', {
      method: 'PUT',
      body: { creatorPrompt: 'Always mention sourdough.' },
      token: creator.token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      creatorId: creator.creatorId,
      creatorPrompt: 'Always mention sourdough.',
    });
    const second = await call('/api/creator/prompt', {
      method: 'PUT',
      body: { creatorPrompt: 'Answer in one sentence.' },
      token: creator.token,
    });
    expect(second.body.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(second.body.versions[0]).toMatchObject({
      creatorPrompt: 'Answer in one sentence.',
      editedBy: creator.userId,
    });
    const persona = await services.client.request(Subjects.CreatorsPersonaGet, {
      creatorId: creator.creatorId,
    });
    expect(persona.creatorPrompt).toBe('Answer in one sentence.');

    const rolledBack = await call('/api/creator/prompt/rollback', {
      body: { versionId: second.body.versions[1].id },
      token: creator.token,
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.creatorPrompt).toBe('Always mention sourdough.');
    expect(rolledBack.body.versions.map((version: { version: number }) => version.version)).toEqual([
      3, 2, 1,
    ]);
    expect(
      (await services.client.request(Subjects.CreatorsPersonaGet, { creatorId: creator.creatorId }))
        .creatorPrompt,
    ).toBe('Always mention sourdough.');
  });

  it("never shows or changes another creator's prompt or key, over HTTP or NATS", async () => {
    const alice = await newCreator();
    const bob = await newCreator();
    await call('/api/creator/prompt', {
      method: 'PUT',
      body: { creatorPrompt: 'Alice v1' },
      token: alice.token,
    });
    const aliceVersions = (await call('/api/creator/prompt', { token: alice.token })).body.versions;
    const versionsBefore = await count('creators.creator_prompt_versions');

    const read = await call(`/api/creator/prompt?creatorId=${alice.creatorId}`, { token: bob.token });
    expect(read.status).toBe(403);
    const write = await call('/api/creator/prompt', {
      method: 'PUT',
      body: { creatorId: alice.creatorId, creatorPrompt: 'Bob was here' },
      token: bob.token,
    });
    expect(write.status).toBe(403);
    // Bob naming Alice's version on his own creator finds nothing.
    const rollback = await call('/api/creator/prompt/rollback', {
      body: { versionId: aliceVersions[0].id },
      token: bob.token,
    });
    expect(rollback.status).toBe(404);
    expect(rollback.body.code).toBe(ErrorCode.PromptVersionNotFound);
    const viaAlice = await call('/api/creator/prompt/rollback', {
      body: { creatorId: alice.creatorId, versionId: aliceVersions[0].id },
      token: bob.token,
    });
    expect(viaAlice.status).toBe(403);
    // Each sees only their own key.
    const bobsKey = (await call('/api/creator/verification-key', { token: bob.token })).body.verificationKey;
    const alicesKey = (await call('/api/creator/verification-key', { token: alice.token })).body
      .verificationKey;
    expect(bobsKey.key).not.toBe(alicesKey.key);
    expect(bobsKey.tikTokUserId).toBe(`@${bob.handle}`);

    // Over NATS the same rules hold: the actor decides, not the creator id.
    const bobActor = { userId: bob.userId, userType: 'authenticated' as const, groups: [] };
    await expect(
      services.client.request(Subjects.CreatorsPromptGet, { actor: bobActor, creatorId: alice.creatorId }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    await expect(
      services.client.request(Subjects.CreatorsPromptUpdate, {
        actor: bobActor,
        creatorId: alice.creatorId,
        creatorPrompt: 'nope',
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    // A plain user has no prompt; an admin may edit demo creators only.
    const fan = await newUser();
    expect((await call('/api/creator/prompt', { token: fan.token })).body.code).toBe(
      ErrorCode.CreatorNotFound,
    );
    const admin = { userId: fan.userId, userType: 'authenticated' as const, groups: ['admin'] };
    await expect(
      services.client.request(Subjects.CreatorsPromptUpdate, {
        actor: admin,
        creatorId: alice.creatorId,
        creatorPrompt: 'admin edit',
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    const demo = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    const edited = await services.client.request(Subjects.CreatorsPromptUpdate, {
      actor: admin,
      creatorId: demo.id,
      creatorPrompt: 'Demo prompt by an admin',
    });
    // The prompt the demo creator started with is kept as version 1.
    expect(edited.versions.map((version) => version.editedBy)).toEqual([fan.userId, 'system']);
    expect(await count('creators.creator_prompt_versions')).toBe(versionsBefore + 2);
    expect(
      (await services.client.request(Subjects.CreatorsPersonaGet, { creatorId: alice.creatorId }))
        .creatorPrompt,
    ).toBe('Alice v1');
  });

  it('refuses prompts that are blank, too long or malformed, storing nothing', async () => {
    const creator = await newCreator();
    const versions = await count('creators.creator_prompt_versions');
    for (const body of [
      { creatorPrompt: '' },
      { creatorPrompt: '   ' },
      { creatorPrompt: 'x'.repeat(4001) },
      { creatorPrompt: 'nul\u0000' },
      { creatorPrompt: 7 },
      { creatorPrompt: 'ok', extra: true },
      { creatorId: 'not-a-uuid', creatorPrompt: 'ok' },
    ]) {
      const answer = await call('/api/creator/prompt', { method: 'PUT', body, token: creator.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: expect.any(String) });
    }
    for (const body of [{ versionId: 'x' }, {}, { versionId: randomUUID(), more: 1 }]) {
      expect((await call('/api/creator/prompt/rollback', { body, token: creator.token })).status).toBe(400);
    }
    expect(
      (
        await call('/api/creator/prompt/rollback', {
          body: { versionId: randomUUID() },
          token: creator.token,
        })
      ).status,
    ).toBe(404);
    const ok = await call('/api/creator/prompt', {
      method: 'PUT',
      body: { creatorPrompt: 'y'.repeat(4000) },
      token: creator.token,
    });
    expect(ok.status).toBe(200);
    expect(await count('creators.creator_prompt_versions')).toBe(versions + 1);
  });

  it('imports the profile part of a data export, and rejects a malformed archive storing nothing', async () => {
    const user = await newUser();
    const archive = (videos: unknown[]) =>
      JSON.stringify({
        Profile: {
          'Profile Information': {
            ProfileMap: { userName: 'Export.Maker', bioDescription: 'from my export', profilePhoto: '' },
          },
        },
        Activity: {
          'Follower List': { FansList: [{ Date: '2024-01-01 10:00:00', UserName: 'fan1' }] },
          'Like List': { ItemFavoriteList: [] },
        },
        Video: { Videos: { VideoList: videos } },
      });
    const good = { Date: '2024-01-02 10:00:00', Link: 'https://www.tiktokv.com/share/video/1/', Likes: '3' };
    const before = await count('ingestion.data_export_profiles');
    const bad = await call('/api/creator/data-export', {
      body: { archive: archive([good, { Date: 'yesterday', Link: 'https://x.example/' }]) },
      token: user.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.DataExportInvalid);
    expect(bad.body.message).toContain('Video › Videos › VideoList › 1 › Date');
    for (const text of ['not json', '{"Profile": {}}', '[]']) {
      const answer = await call('/api/creator/data-export', { body: { archive: text }, token: user.token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ErrorCode.DataExportInvalid);
    }
    expect(await count('ingestion.data_export_profiles')).toBe(before);

    const imported = await call('/api/creator/data-export', {
      body: { archive: archive([good]) },
      token: user.token,
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      provider: 'data-export',
      handle: 'export.maker',
      bio: 'from my export',
      followerCount: 1,
    });
    // An uploaded file proves nothing about ownership: verification never reads it.
    const key = await call('/api/creator/verification-key', {
      body: { tikTokUserId: '@export.maker' },
      token: user.token,
    });
    expect(key.status).toBe(404);
  });

  it('keeps fans out of the chat of a creator whose initialisation has not finished', async () => {
    const creator = await newCreator();
    const fan = { userId: randomUUID(), userType: 'guest' as const, groups: [] };
    const conversation = await services.client.request(Subjects.ChatConversationOpen, {
      actor: fan,
      creatorId: creator.creatorId,
    });
    await expect(
      firstValueFrom(
        services.client
          .stream(Subjects.ChatMessageSend, {
            actor: fan,
            conversationId: conversation.id,
            content: [{ text: 'hello' }],
          })
          .pipe(toArray()),
      ),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
  });
});
