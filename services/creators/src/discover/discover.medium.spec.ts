import { processBus } from '@backtalk/kit';
import { DurableSubjects, ErrorCode, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { creatorsService } from '../index';

/**
 * `creators.discover` over the real query (PostgreSQL, the seeded demo creators and rows of every
 * state a creator can be in). Billing's onboarding fact is answered on the bus as billing answers it.
 */
describe('creators.creator.discover', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let sql: Client;
  const onboarded = new Set<string>();
  let stops: (() => void)[] = [];
  const ids = { paid: randomUUID(), unpaid: randomUUID(), initialising: randomUUID(), paused: randomUUID() };

  beforeAll(async () => {
    stops = [
      processBus.subscribe(DurableSubjects.IngestionCreatorPostsChanged, (message) =>
        message.respond?.(JSON.stringify({ duplicate: false })),
      ),
      processBus.subscribe(Subjects.BillingCreatorPaymentGet, (message) => {
        const packet = JSON.parse(message.data) as { id: string; data: { creatorIds: string[] } };
        const payments = packet.data.creatorIds.map((creatorId) => ({
          creatorId,
          onboardingComplete: onboarded.has(creatorId),
        }));
        message.respond?.(JSON.stringify({ id: packet.id, response: { payments }, isDisposed: true }));
      }),
    ];
    database = await createTestDatabase('creators', { migratedFor: [creatorsService] });
    services = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const insert = async (id: string, handle: string, state: { initComplete: boolean; paused: boolean }) => {
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle, "nickName", "followerCount", "initComplete", "verifiedAt", "pausedAt")
         VALUES ($1, $2, $2, $3, $4, $5, 5000000, $6, now(), $7)`,
        [
          id,
          randomUUID(),
          `https://www.tiktok.com/@${handle}`,
          handle,
          `Potter ${handle}`,
          state.initComplete,
          state.paused ? new Date() : null,
        ],
      );
      await sql.query(
        `INSERT INTO creators.posts (owner, "creatorId", "videoUrl", "captionUrl", caption, "desc", "tikTokCreatedAt", "awemeId")
         VALUES ($1, $2, '', '', 'Throwing a bowl #Pottery #ceramics #fyp', 'Wheel day, #pottery again', now(), $3)`,
        [id, id, randomUUID()],
      );
    };
    await insert(ids.paid, 'paid.potter', { initComplete: true, paused: false });
    await insert(ids.unpaid, 'unpaid.potter', { initComplete: true, paused: false });
    await insert(ids.initialising, 'new.potter', { initComplete: false, paused: false });
    await insert(ids.paused, 'paused.potter', { initComplete: true, paused: true });
    onboarded.add(ids.paid).add(ids.initialising).add(ids.paused);
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await sql?.end();
    await services?.close();
    await database?.drop();
  });

  const discover = (request: {
    q?: string;
    page?: number;
    pageSize?: number;
    viewerAgeBand?: '13-15' | '16-17' | 'adult';
  }) => services.client.request(Subjects.CreatorsDiscover, request);

  it('lists a creator only to fans old enough for its audience; a viewer of unknown age counts as 13–15', async () => {
    await sql.query(`UPDATE creators.creators SET "audienceMinimum" = '18+' WHERE id = $1`, [ids.paid]);
    try {
      const found = async (viewerAgeBand?: '13-15' | '16-17' | 'adult') =>
        (await discover({ q: 'paid.potter', ...(viewerAgeBand ? { viewerAgeBand } : {}) })).creators.map(
          (creator) => creator.handle,
        );
      expect(await found()).toEqual([]);
      expect(await found('13-15')).toEqual([]);
      expect(await found('16-17')).toEqual([]);
      expect(await found('adult')).toEqual(['paid.potter']);
    } finally {
      await sql.query(`UPDATE creators.creators SET "audienceMinimum" = '13+' WHERE id = $1`, [ids.paid]);
    }
  });

  it('lists the demo creators and the onboarded, initialised, running creator, never the others', async () => {
    const { creators, total } = await discover({});
    const handles = creators.map((creator) => creator.handle);
    expect(handles).toContain('paid.potter');
    expect(handles).toContain('dez.looks.up');
    for (const hidden of ['unpaid.potter', 'new.potter', 'paused.potter'])
      expect(handles).not.toContain(hidden);
    expect(total).toBe(creators.length);
    // The most followed first when nothing is searched.
    expect(handles[0]).toBe('paid.potter');
  });

  it('reads what a creator posts about from their hashtags, most used first, generic ones left out', async () => {
    const { creators } = await discover({ q: 'paid.potter' });
    expect(creators).toEqual([
      {
        id: ids.paid,
        handle: 'paid.potter',
        nickName: 'Potter paid.potter',
        thumb: '',
        verified: true,
        demoAccount: false,
        followerCount: 5000000,
        topics: ['pottery', 'ceramics'],
      },
    ]);
    const dez = (await discover({ q: 'dez.looks.up' })).creators[0]!;
    expect(dez.demoAccount).toBe(true);
    expect(dez.verified).toBe(false);
    // Its most used hashtags (three posts each), then ties in alphabetical order.
    expect(dez.topics).toHaveLength(5);
    expect(dez.topics.slice(0, 2)).toEqual(['binoculars', 'moon']);
  });

  it('finds a demo creator by a topic from their posts, with or without the #, in any case', async () => {
    for (const q of ['astronomy', '#Astronomy', '  ASTRO ']) {
      const { creators } = await discover({ q });
      expect(creators.map((creator) => creator.handle)).toEqual(['dez.looks.up']);
    }
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await discover({ q: '%' })).creators).toEqual([]);
    expect((await discover({ q: '_' })).total).toBe(0);
  });

  it('pages: the pages together are the whole list, each creator once', async () => {
    const all = await discover({});
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const reply = await discover({ page, pageSize: 2 });
      expect(reply).toMatchObject({ page, pageSize: 2, total: all.total });
      seen.push(...reply.creators.map((creator) => creator.id));
    }
    expect(seen).toEqual(all.creators.map((creator) => creator.id));
    expect((await discover({ page: 99, pageSize: 2 })).creators).toEqual([]);
  });

  it.each([
    ['a text too long', { q: 'x'.repeat(101) }],
    ['page 0', { page: 0 }],
    ['a page past the bound', { page: 501 }],
    ['a page size too big', { pageSize: 49 }],
    ['a fractional page', { page: 1.5 }],
    ['a NUL character', { q: 'a\u0000b' }],
    ['an unknown field', { q: 'a', userId: 'x' }],
  ])('refuses %s as invalid input', async (_name, request) => {
    await expect(discover(request as never)).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
