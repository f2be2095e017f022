import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { renderDemoCover } from './cover-image';
import {
  DEMO_FIXTURE_FILES,
  DemoCreatorFixture,
  DemoFixtureError,
  FEATURED_DEMO_TIKTOK_URL,
  countWords,
  getFeaturedDemoFixture,
  loadDemoFixtures,
  loadDemoFixturesFromDirectory,
  parseDemoFixture,
  validateDemoFixtureSet,
} from './demo-fixtures';

const FIXTURES_DIR = join(__dirname, 'fixtures');
type RawFixture = { creator: Record<string, unknown>; posts: Record<string, unknown>[] };
const readRaw = (file: string): RawFixture => JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8'));

// Plain word overlap, no weighting: a sanity check that post topics are distinct.
const STOPWORDS = new Set(
  `the and for are but not you your with this that have has had from they them their what when where which who how
   why can could would should will just about into over under than then there here some any all its was were been
   being one two very more most also only even much many such our out off too does did doing get got make made like
   use using want need way really`.split(/\s+/),
);
function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter((w) => w.length >= 3 && !STOPWORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}
function overlap(question: Set<string>, doc: Set<string>): number {
  let n = 0;
  for (const w of question) if (doc.has(w)) n++;
  return n;
}

describe('demo fixtures', () => {
  let fixtures: DemoCreatorFixture[];
  beforeAll(() => {
    fixtures = loadDemoFixtures();
  });

  it('has at least three distinct fictional creators, featured first', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    expect(fixtures[0].featured).toBe(true);
    const distinct = (pick: (f: DemoCreatorFixture) => string) => new Set(fixtures.map(pick)).size;
    expect(distinct((f) => f.creator.handle.toLowerCase())).toBe(fixtures.length);
    expect(distinct((f) => f.creator.nickName)).toBe(fixtures.length);
    expect(distinct((f) => f.creator.accentColor.toLowerCase())).toBe(fixtures.length);
    expect(distinct((f) => f.creator.essencePrompt)).toBe(fixtures.length);
  });

  it('has exactly one creator whose tiktokURL ends with /@demo.creator', () => {
    const featured = fixtures.filter((f) => f.creator.tiktokURL.endsWith('/@demo.creator'));
    expect(featured).toHaveLength(1);
    expect(featured[0].creator.tiktokURL).toBe(FEATURED_DEMO_TIKTOK_URL);
    expect(fixtures.filter((f) => f.featured)).toEqual(featured);
    expect(getFeaturedDemoFixture().creator.handle).toBe('demo.creator');
  });

  it('uses handles of word characters, dots and hyphens that match the tiktokURL', () => {
    for (const { file, creator } of fixtures) {
      expect(creator.handle).toMatch(/^[\w.-]+$/);
      expect(creator.tiktokURL).toBe(`https://www.tiktok.com/@${creator.handle}`);
      expect(file).toBe(`${creator.handle}.json`);
    }
  });

  it('gives every creator the persona fields, 2500+ followers and a TikTok-length bio', () => {
    for (const { creator } of fixtures) {
      expect(creator.followerCount).toBeGreaterThanOrEqual(2500);
      expect(creator.bio.length).toBeLessThanOrEqual(80);
      expect(countWords(creator.essencePrompt)).toBeGreaterThanOrEqual(60);
      expect(creator.creatorPrompt.length).toBeGreaterThan(20);
      expect(creator.accentColor).toMatch(/^#[0-9a-fA-F]{6}$/);
    }
  });

  it('gives every creator at least 30 posts', () => {
    for (const { posts } of fixtures) expect(posts.length).toBeGreaterThanOrEqual(30);
  });

  it('has unique 19-digit awemeIds and unique dates, across all creators', () => {
    const posts = fixtures.flatMap((f) => f.posts);
    expect(new Set(posts.map((p) => p.awemeId)).size).toBe(posts.length);
    expect(new Set(posts.map((p) => Date.parse(p.tikTokCreatedAt))).size).toBe(posts.length);
    for (const p of posts) expect(p.awemeId).toMatch(/^\d{19}$/);
  });

  it('dates posts within the ~8 months before 2026-11-01, spread over that period', () => {
    const from = Date.parse('2026-03-01T00:00:00Z');
    const to = Date.parse('2026-11-01T00:00:00Z');
    for (const { posts } of fixtures) {
      const times = posts.map((p) => Date.parse(p.tikTokCreatedAt));
      for (const t of times) {
        expect(t).toBeGreaterThanOrEqual(from);
        expect(t).toBeLessThan(to);
      }
      // Spread: first and last post at least six months apart.
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(180 * 86_400_000);
    }
  });

  it('has no empty text anywhere', () => {
    for (const { creator, posts } of fixtures) {
      for (const value of Object.values(creator)) {
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
      }
      for (const post of posts) {
        for (const value of Object.values(post)) {
          expect(typeof value).toBe('string');
          expect(value.trim()).not.toBe('');
        }
      }
    }
  });

  it('has transcripts of 80-200 words, captions with hashtags and 1-2 sentence descriptions', () => {
    for (const { posts } of fixtures) {
      for (const post of posts) {
        const words = countWords(post.transcript);
        expect(words).toBeGreaterThanOrEqual(80);
        expect(words).toBeLessThanOrEqual(200);
        expect(post.caption).toMatch(/#\w+/);
        expect(post.desc.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '').length).toBeLessThanOrEqual(2);
        expect(post.testQuestion.trim().endsWith('?')).toBe(true);
      }
    }
  });

  it('gives each post a distinct topic: its testQuestion overlaps its own post more than any other', () => {
    const failures: string[] = [];
    for (const { creator, posts } of fixtures) {
      const docs = posts.map((p) => contentWords(`${p.caption} ${p.desc} ${p.transcript}`));
      posts.forEach((post, i) => {
        const question = contentWords(post.testQuestion);
        const own = overlap(question, docs[i]);
        const best = docs.reduce(
          (b, doc, j) =>
            j !== i && overlap(question, doc) >= b.score ? { j, score: overlap(question, doc) } : b,
          {
            j: -1,
            score: -1,
          },
        );
        if (own <= best.score) {
          failures.push(
            `${creator.handle} posts[${i}] "${post.testQuestion}" scores ${own}, posts[${best.j}] scores ${best.score}`,
          );
        }
      });
    }
    expect(failures).toEqual([]);
  });

  it('renders a cover for every post', () => {
    for (const { creator, posts } of fixtures) {
      posts.forEach((post, index) => {
        const svg = renderDemoCover({
          caption: post.caption,
          nickName: creator.nickName,
          accentColor: creator.accentColor,
          index,
          handle: creator.handle,
        });
        expect(svg.startsWith('<svg')).toBe(true);
      });
    }
  });

  it('returns copies, so callers cannot corrupt the cached data', () => {
    const first = loadDemoFixtures();
    first[0].posts.length = 0;
    first[0].creator.nickName = 'changed';
    const second = loadDemoFixtures();
    expect(second[0].posts.length).toBeGreaterThanOrEqual(30);
    expect(second[0].creator.nickName).not.toBe('changed');
  });

  it('bundles exactly the files in the fixtures directory, with the same content', () => {
    const fromDisk = loadDemoFixturesFromDirectory();
    expect(fromDisk.map((f) => f.file).sort()).toEqual([...DEMO_FIXTURE_FILES]);
    expect(fromDisk).toEqual(fixtures);
  });
});

describe('demo fixture validation', () => {
  const base = () => readRaw('demo.creator.json');
  const messageOf = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(DemoFixtureError);
      return (err as Error).message;
    }
    throw new Error('expected a DemoFixtureError');
  };

  it('names the file and the field of a bad post', () => {
    const raw = base();
    raw.posts[2].transcript = 'far too short';
    raw.posts[5].awemeId = '123';
    const message = messageOf(() => parseDemoFixture('demo.creator.json', raw));
    expect(message).toContain('demo.creator.json');
    expect(message).toContain('posts[2].transcript');
    expect(message).toContain('(has 3)');
    expect(message).toContain('posts[5].awemeId');
  });

  it('names missing or invalid creator fields', () => {
    const raw = base();
    delete raw.creator.essencePrompt;
    raw.creator.followerCount = 2499;
    raw.creator.handle = 'bad handle!';
    const message = messageOf(() => parseDemoFixture('demo.creator.json', raw));
    expect(message).toContain('creator.essencePrompt');
    expect(message).toContain('creator.followerCount');
    expect(message).toContain('creator.handle');
  });

  it('rejects unknown fields, blank text and too few posts', () => {
    const raw = base();
    raw.creator.nickname = 'typo';
    raw.posts[0].caption = '   ';
    raw.posts = raw.posts.slice(0, 29);
    const message = messageOf(() => parseDemoFixture('demo.creator.json', raw));
    expect(message).toMatch(/creator.*nickname/);
    expect(message).toContain('posts[0].caption');
    expect(message).toContain('posts: must hold at least 30 posts');
  });

  it('rejects duplicate awemeIds and dates within a file', () => {
    const raw = base();
    raw.posts[7].awemeId = raw.posts[3].awemeId;
    raw.posts[9].tikTokCreatedAt = raw.posts[4].tikTokCreatedAt;
    const message = messageOf(() => parseDemoFixture('demo.creator.json', raw));
    expect(message).toContain('posts[7].awemeId: duplicates posts[3].awemeId');
    expect(message).toContain('posts[9].tikTokCreatedAt: duplicates posts[4].tikTokCreatedAt');
  });

  it('requires the tiktokURL and file name to match the handle', () => {
    const raw = base();
    raw.creator.tiktokURL = 'https://www.tiktok.com/@someone.else';
    expect(messageOf(() => parseDemoFixture('demo.creator.json', raw))).toContain(
      'creator.tiktokURL: must end with /@demo.creator',
    );
    expect(messageOf(() => parseDemoFixture('other.json', base()))).toContain(
      'file must be named demo.creator.json',
    );
  });

  it('requires exactly one featured creator and unique handles across files', () => {
    const featured = parseDemoFixture('demo.creator.json', base());
    const copy = { ...featured, file: 'copy.json' };
    expect(messageOf(() => validateDemoFixtureSet([featured, copy]))).toMatch(
      /duplicates the handle in demo\.creator\.json/,
    );
    const other = parseDemoFixture('dez.looks.up.json', readRaw('dez.looks.up.json'));
    expect(messageOf(() => validateDemoFixtureSet([other]))).toContain('exactly one creator must have');
    expect(messageOf(() => validateDemoFixtureSet([]))).toContain('no demo fixtures found');
  });

  it('names a file that is not valid JSON when reading a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-fixtures-'));
    try {
      writeFileSync(join(dir, 'demo.creator.json'), JSON.stringify(base()));
      writeFileSync(join(dir, 'broken.json'), '{ "creator": ');
      expect(messageOf(() => loadDemoFixturesFromDirectory(dir))).toMatch(
        /broken\.json: \(root\): not valid JSON/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
