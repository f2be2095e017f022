import { randomBytes } from 'node:crypto';
import { initStatusEvents, verifyFixtureCreator, writeFixtureProfile } from './creator-pipeline.fixtures';
import { type FixturePlatform, startFixturePlatform } from './fixture-platform';
import { signUpAccount } from './gateway-http';

jest.setTimeout(120_000);

/**
 * Issue 21 item 17: a post's link from a provider is opened by fans' browsers, so only a link to
 * the provider's own host is stored, and a stored one is checked again as it is served.
 */
describe("post links from a creator's profile (gateway and services in process, fixture provider)", () => {
  let platform: FixturePlatform;

  beforeAll(async () => {
    platform = await startFixturePlatform('post-links', { firstTokenDelayMs: 5, interTokenDelayMs: 1 });
  });
  afterAll(() => platform?.close());

  it('stores only links to TikTok, and serves no unsafe link even if one was stored', async () => {
    const { call, codeFor, fixtures, sql } = platform;
    const email = `links-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUpAccount(call, email, 'Correct-Horse-9', codeFor);
    const creator = await verifyFixtureCreator(call, fixtures, user, 3);
    const links = [
      'javascript:alert(document.cookie)',
      'https://tiktok.com@evil.example/video',
      `https://www.tiktok.com/@${creator.handle}/video/1`,
    ];
    const { rows: keys } = await sql.query<{ key: string }>(
      `SELECT key FROM creators.creator_verification_keys WHERE "userId" = $1`,
      [user.userId],
    );
    writeFixtureProfile(fixtures, creator.handle, {
      bio: `Ceramics ${keys[0]?.key ?? ''}`,
      followerCount: 3000,
      videos: creator.videos.map((video, index) => ({ ...video, videoUrl: links[index] })),
    });
    expect((await call('/api/creator/init', { method: 'POST', token: user.token })).status).toBe(200);
    const { events } = await initStatusEvents(platform.gateway.url, user.token);
    expect(events[events.length - 1]).toMatchObject({ state: 'completed' });

    const stored = await sql.query<{ videoUrl: string }>(
      `SELECT "videoUrl" FROM creators.posts WHERE "creatorId" = $1 ORDER BY "awemeId"`,
      [creator.creatorId],
    );
    expect(stored.rows.map((row) => row.videoUrl)).toEqual(['', '', links[2]]);

    // A link stored before this check existed (or written around it) is not served either.
    await sql.query(`UPDATE creators.posts SET "videoUrl" = $2 WHERE "creatorId" = $1 AND "videoUrl" <> ''`, [
      creator.creatorId,
      'JavaScript:alert(1)',
    ]);
    const served = await call(`/api/creators/${creator.creatorId}/posts`);
    expect(served.status).toBe(200);
    expect(served.body.posts.map((post: { videoUrl: string }) => post.videoUrl)).toEqual(['', '', '']);
  });
});
