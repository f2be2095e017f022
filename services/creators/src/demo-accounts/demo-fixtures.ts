/**
 * Seeded demo creators for standalone mode (and the local fixture content provider).
 *
 * The data lives in `./fixtures/<handle>.json`, one file per creator:
 * `{ creator: {...}, posts: [...] }`. Every creator and every person in them is
 * invented. The files are imported statically (TypeScript `resolveJsonModule`; SWC and
 * jest turn the imports into `require('./fixtures/<handle>.json')`), so the build output
 * must carry the JSON beside the compiled code: the creators build copies the fixtures
 * directory (`swc ... --copy-files`).
 *
 * Everything is validated with zod before use; a broken fixture fails loudly with the
 * file name and the field path (e.g. `demo.creator.json: posts[3].transcript: ...`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { boundaryInputListSchema, handleSchema } from '@backtalk/proto';

import astronomerFixture from './fixtures/dez.looks.up.json';
import homeCookFixture from './fixtures/demo.creator.json';
import coachFixture from './fixtures/rio.moves.daily.json';
import thriftFixture from './fixtures/juniper.thrifts.json';

/** The flagship demo creator's profile link ('Try Backtalk now!' opens its chat). */
export const FEATURED_DEMO_TIKTOK_URL = 'https://www.tiktok.com/@demo.creator';

/** Spec §1 and §5: creators need 2500 followers or more. */
const DEMO_MIN_FOLLOWERS = 2500;
const DEMO_MIN_POSTS = 30;
const DEMO_TRANSCRIPT_MIN_WORDS = 80;
const DEMO_TRANSCRIPT_MAX_WORDS = 200;
/** TikTok's profile bio limit. */
const DEMO_BIO_MAX_CHARS = 80;

const TIKTOK_URL_PATTERN = /^https:\/\/www\.tiktok\.com\/@([\w.-]+)$/;

/** Counts whitespace-separated words, the measure used for transcript lengths. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

const text = (max?: number) => {
  const base = z.string().trim().min(1, 'must not be empty');
  return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};

const demoCreatorSchema = z
  .strictObject({
    handle: handleSchema,
    nickName: text(60),
    tiktokURL: z.string().regex(TIKTOK_URL_PATTERN, 'must look like https://www.tiktok.com/@handle'),
    bio: text(DEMO_BIO_MAX_CHARS),
    essencePrompt: text().refine(
      (s) => countWords(s) >= 60,
      'must describe the persona in at least 60 words',
    ),
    creatorPrompt: text(500),
    followerCount: z
      .number()
      .int('must be an integer')
      .min(DEMO_MIN_FOLLOWERS, `must be at least ${DEMO_MIN_FOLLOWERS}`),
    accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour'),
    /** Topics the persona does not discuss, seeded once (docs/safety.md, "Creator boundaries"). */
    boundaries: boundaryInputListSchema.default([]),
  })
  .superRefine((creator, ctx) => {
    const match = TIKTOK_URL_PATTERN.exec(creator.tiktokURL);
    if (match && match[1] !== creator.handle) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiktokURL'],
        message: `must end with /@${creator.handle} (the creator's handle)`,
      });
    }
  });
type DemoCreator = z.infer<typeof demoCreatorSchema>;

const demoPostSchema = z.strictObject({
  awemeId: z.string().regex(/^\d{19}$/, 'must be a 19-digit numeric string'),
  caption: text(2200),
  desc: text(300),
  tikTokCreatedAt: z.iso.datetime({ message: 'must be an ISO 8601 UTC date-time' }),
  transcript: text().superRefine((s, ctx) => {
    const words = countWords(s);
    if (words < DEMO_TRANSCRIPT_MIN_WORDS || words > DEMO_TRANSCRIPT_MAX_WORDS) {
      ctx.addIssue({
        code: 'custom',
        message: `must have ${DEMO_TRANSCRIPT_MIN_WORDS}-${DEMO_TRANSCRIPT_MAX_WORDS} words (has ${words})`,
      });
    }
  }),
  testQuestion: text(300),
});
type DemoPost = z.infer<typeof demoPostSchema>;

const demoFixtureFileSchema = z
  .strictObject({
    creator: demoCreatorSchema,
    posts: z.array(demoPostSchema).min(DEMO_MIN_POSTS, `must hold at least ${DEMO_MIN_POSTS} posts`),
  })
  .superRefine((fixture, ctx) => {
    const firstIndex = new Map<string, number>();
    const firstDate = new Map<number, number>();
    fixture.posts.forEach((post, i) => {
      const seen = firstIndex.get(post.awemeId);
      if (seen !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['posts', i, 'awemeId'],
          message: `duplicates posts[${seen}].awemeId`,
        });
      } else {
        firstIndex.set(post.awemeId, i);
      }
      const time = Date.parse(post.tikTokCreatedAt);
      const sameTime = firstDate.get(time);
      if (sameTime !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['posts', i, 'tikTokCreatedAt'],
          message: `duplicates posts[${sameTime}].tikTokCreatedAt`,
        });
      } else {
        firstDate.set(time, i);
      }
    });
  });

export interface DemoCreatorFixture {
  /** The fixture's file name, e.g. `demo.creator.json`. */
  file: string;
  /** True for the flagship creator, whose tiktokURL ends with `/@demo.creator`. */
  featured: boolean;
  creator: DemoCreator;
  /** In file order (oldest first). */
  posts: DemoPost[];
}

/** A fixture failed validation. `message` names the file and every offending field. */
export class DemoFixtureError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid demo fixture ${file}: ${problems.join('; ')}`);
    this.name = 'DemoFixtureError';
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

/** Validates one fixture file's parsed JSON. Throws {@link DemoFixtureError} naming file and fields. */
export function parseDemoFixture(file: string, raw: unknown): DemoCreatorFixture {
  const result = demoFixtureFileSchema.safeParse(raw);
  if (!result.success) {
    throw new DemoFixtureError(
      file,
      result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`),
    );
  }
  const { creator, posts } = result.data;
  const expectedFile = `${creator.handle}.json`;
  if (file.replace(/^.*[\\/]/, '') !== expectedFile) {
    throw new DemoFixtureError(file, [`creator.handle: file must be named ${expectedFile}`]);
  }
  return { file: expectedFile, featured: creator.tiktokURL === FEATURED_DEMO_TIKTOK_URL, creator, posts };
}

/** Checks that hold across fixture files: unique handles, awemeIds and exactly one featured creator. */
export function validateDemoFixtureSet(fixtures: readonly DemoCreatorFixture[]): DemoCreatorFixture[] {
  if (fixtures.length === 0) throw new DemoFixtureError('fixtures/', ['no demo fixtures found']);
  const handles = new Map<string, string>();
  const awemeIds = new Map<string, string>();
  for (const fixture of fixtures) {
    const handle = fixture.creator.handle.toLowerCase();
    const other = handles.get(handle);
    if (other)
      throw new DemoFixtureError(fixture.file, [`creator.handle: duplicates the handle in ${other}`]);
    handles.set(handle, fixture.file);
    fixture.posts.forEach((post, i) => {
      const owner = awemeIds.get(post.awemeId);
      if (owner)
        throw new DemoFixtureError(fixture.file, [`posts[${i}].awemeId: duplicates a post in ${owner}`]);
      awemeIds.set(post.awemeId, fixture.file);
    });
  }
  const featured = fixtures.filter((f) => f.featured);
  if (featured.length !== 1) {
    throw new DemoFixtureError(featured.map((f) => f.file).join(', ') || 'fixtures/', [
      `creator.tiktokURL: exactly one creator must have ${FEATURED_DEMO_TIKTOK_URL} (found ${featured.length})`,
    ]);
  }
  // Featured first, then alphabetical: a stable seeding order.
  return [...fixtures].sort((a, b) =>
    a.featured === b.featured ? a.creator.handle.localeCompare(b.creator.handle) : a.featured ? -1 : 1,
  );
}

/** The bundled fixture files, keyed by file name. */
const BUNDLED_FIXTURES: Readonly<Record<string, unknown>> = {
  'demo.creator.json': homeCookFixture,
  'dez.looks.up.json': astronomerFixture,
  'rio.moves.daily.json': coachFixture,
  'juniper.thrifts.json': thriftFixture,
};

/** File names of the bundled fixtures (the contents of `./fixtures`). */
export const DEMO_FIXTURE_FILES: readonly string[] = Object.keys(BUNDLED_FIXTURES).sort();

let cached: DemoCreatorFixture[] | undefined;

/**
 * The validated demo creators with their posts, featured creator first.
 * Synchronous; parsed once and cached (callers get fresh copies they may mutate).
 */
export function loadDemoFixtures(): DemoCreatorFixture[] {
  cached ??= validateDemoFixtureSet(
    Object.entries(BUNDLED_FIXTURES).map(([file, raw]) => parseDemoFixture(file, raw)),
  );
  return structuredClone(cached);
}

/** The featured (flagship) demo creator. */
export function getFeaturedDemoFixture(): DemoCreatorFixture {
  const featured = loadDemoFixtures().find((f) => f.featured);
  if (!featured) throw new DemoFixtureError('fixtures/', ['no featured demo creator']);
  return featured;
}

/**
 * Reads and validates every `*.json` in a directory synchronously (default: the
 * `fixtures` folder beside this module). For tooling and for checking that the
 * directory and the bundled set agree; the app uses {@link loadDemoFixtures}.
 */
export function loadDemoFixturesFromDirectory(
  dir: string = join(__dirname, 'fixtures'),
): DemoCreatorFixture[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return validateDemoFixtureSet(
    files.map((file) => {
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      } catch (err) {
        throw new DemoFixtureError(file, [`(root): not valid JSON (${(err as Error).message})`]);
      }
      return parseDemoFixture(file, raw);
    }),
  );
}
