import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureVideos, initStatusEvents, writeFixtureProfile } from './creator-pipeline.fixtures';
import { type FixturePlatform, startFixturePlatform } from './fixture-platform';
import { signUpAccount } from './gateway-http';

jest.setTimeout(120_000);

/** A 1×1 PNG: the fixture profile's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PIXEL = 'https://tracker.example/pixel.gif?fan=1';

/**
 * Issue 21 item 18: a creator's avatar is shown to every visitor, so the provider's URL is never
 * stored or served; ingestion reads the picture from the provider, stores it like a cover, and
 * the creator's avatar is a Backtalk media path.
 */
describe("a creator's avatar (gateway and services in process, fixture provider)", () => {
  let platform: FixturePlatform;

  beforeAll(async () => {
    platform = await startFixturePlatform('creator-avatar', { firstTokenDelayMs: 5, interTokenDelayMs: 1 });
  });
  afterAll(() => platform?.close());

  it("stores no avatar URL from another host and serves the creator's avatar from the media route", async () => {
    const { call, codeFor, fixtures, sql } = platform;
    const user = await signUpAccount(
      call,
      `avatar-${randomBytes(4).toString('hex')}@example.com`,
      'Correct-Horse-9',
      codeFor,
    );
    const handle = `potter.${randomBytes(3).toString('hex')}`;
    const videos = fixtureVideos(handle, 1);
    const profile = (bio: string) => {
      writeFixtureProfile(fixtures, handle, { bio, followerCount: 3000, videos });
      // The profile names a picture on another host (which nothing may load) and the provider's own file.
      const file = path.join(fixtures, `${handle}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          ...(JSON.parse(readFileSync(file, 'utf8')) as object),
          avatarUrl: PIXEL,
          avatarFile: `${handle}-avatar.png`,
        }),
      );
    };
    writeFileSync(path.join(fixtures, `${handle}-avatar.png`), PNG);
    profile('Ceramics');
    const { body: key } = await call('/api/creator/verification-key', {
      body: { tikTokUserId: `@${handle}` },
      token: user.token,
    });
    profile(`Ceramics ${key.key}`);
    const verified = await call('/api/creator/verification', { method: 'POST', token: user.token });
    expect(verified.body.outcome).toBe('VERIFIED');
    const creatorId = verified.body.creatorId as string;
    const thumb = async () =>
      (await sql.query<{ thumb: string }>(`SELECT thumb FROM creators.creators WHERE id = $1`, [creatorId]))
        .rows[0]!.thumb;
    expect(await thumb()).toBe('');

    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);
    const { events } = await initStatusEvents(platform.gateway.url, user.token);
    expect(events[events.length - 1]).toMatchObject({ state: 'completed' });

    const avatar = `/api/media/tiktok-data/${creatorId}/profile/avatar.png`;
    expect(await thumb()).toBe(avatar);
    expect((await call(`/api/creators/${creatorId}`)).body).toMatchObject({ thumb: avatar });
    const served = await fetch(`${platform.gateway.url}${avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // An avatar stored before (the provider's URL, kept verbatim) is served as none: the placeholder.
    await sql.query(`UPDATE creators.creators SET thumb = $2 WHERE id = $1`, [creatorId, PIXEL]);
    expect((await call(`/api/creators/${creatorId}`)).body).toMatchObject({ thumb: '' });
  });
});
