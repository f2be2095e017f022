import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HttpCall } from './gateway-http';

/** A small SVG cover, as a fixture file names it. */
const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="64"><rect width="36" height="64" fill="#c05"/></svg>';

/** The videos of a fixture profile: captions as WebVTT, a cover file each (docs/creators.md). */
export function fixtureVideos(handle: string, count: number, firstAt = Date.UTC(2026, 0, 1)) {
  return Array.from({ length: count }, (_, index) => ({
    id: `${handle.replace(/\W/g, '')}${7000 + index}`,
    desc: `Glaze test number ${index} with celadon`,
    createTime: new Date(firstAt + index * 86_400_000).toISOString(),
    captions: `WEBVTT\n\n00:00.000 --> 00:02.000\n<v ${handle}>Kiln ${index} fired to cone six</v>\n\n00:02.000 --> 00:04.000\nthe iron slip turned &amp; crackled\n`,
    coverFile: `${handle}-${index}.svg`,
  }));
}

/** Writes `<handle>.json` (and its covers) into the fixture folder. */
export function writeFixtureProfile(
  folder: string,
  handle: string,
  profile: { bio: string; followerCount: number; videos?: ReturnType<typeof fixtureVideos> },
): void {
  for (const video of profile.videos ?? []) writeFileSync(path.join(folder, video.coverFile), COVER_SVG);
  writeFileSync(
    path.join(folder, `${handle}.json`),
    JSON.stringify({ handle, nickName: `Nick ${handle}`, avatarUrl: '', ...profile }),
  );
}

/**
 * Makes `user` the verified creator of a new fixture profile with `videos` videos: a key, the key
 * in the profile's bio, the verification.
 */
export async function verifyFixtureCreator(
  call: HttpCall,
  folder: string,
  user: { token: string },
  videos = 3,
): Promise<{ handle: string; videos: ReturnType<typeof fixtureVideos>; creatorId: string }> {
  const handle = `potter.${randomBytes(3).toString('hex')}`;
  const list = fixtureVideos(handle, videos);
  writeFixtureProfile(folder, handle, { bio: 'Ceramics', followerCount: 3000, videos: list });
  const { body } = await call('/api/creator/verification-key', {
    body: { tikTokUserId: `@${handle}` },
    token: user.token,
  });
  writeFixtureProfile(folder, handle, { bio: `Ceramics ${body.key}`, followerCount: 3000, videos: list });
  const verified = await call('/api/creator/verification', { method: 'POST', token: user.token });
  if (verified.body.outcome !== 'VERIFIED')
    throw new Error(`verification answered ${JSON.stringify(verified.body)}`);
  return { handle, videos: list, creatorId: verified.body.creatorId as string };
}

/** The init status's SSE stream (`/api/creator/init/events`): every event until the server ends it. */
export async function initStatusEvents(gatewayUrl: string, token: string, query = '') {
  const response = await fetch(`${gatewayUrl}/api/creator/init/events${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) return { status: response.status, events: [], body: await response.json() };
  const events: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (const block of (await response.text()).split('\n\n')) {
    const type = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (type && data) events.push({ type, ...JSON.parse(data) });
  }
  return { status: 200, events, body: null };
}
