import { writeFileSync } from 'node:fs';
import path from 'node:path';

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
