import { processBus } from '@backtalk/kit';
import { DurableSubjects, ErrorCode, Events, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { creatorsService } from '../index';
import { handleFromTiktokUrl } from './creator-handle';

describe('handleFromTiktokUrl', () => {
  it.each([
    ['https://www.tiktok.com/@demo.creator', 'demo.creator'],
    ['https://www.tiktok.com/@Demo.Creator/', 'demo.creator'],
    ['https://www.tiktok.com/@@double-at', 'double-at'],
    ['tiktok.com/@plain_name', 'plain_name'],
  ])('%s → %s', (url, handle) => expect(handleFromTiktokUrl(url)).toBe(handle));
});

describe('creators service with demo data', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  const postsAnnounced: string[] = [];
  const postsChanged: string[] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    // Ingestion's durable intake, faked: it answers once a message is stored, as the real one does.
    const stopIntake = processBus.subscribe(DurableSubjects.IngestionCreatorPostsChanged, (message) => {
      postsAnnounced.push((JSON.parse(message.data) as { creatorId: string }).creatorId);
      message.respond?.(JSON.stringify({ duplicate: false }));
    });
    const stopHints = processBus.subscribe(Events.CreatorsPostsChanged, (message) =>
      postsChanged.push((JSON.parse(message.data) as { data: { creatorId: string } }).data.creatorId),
    );
    unsubscribe = () => {
      stopIntake();
      stopHints();
    };
    database = await createTestDatabase('creators', { migratedFor: [creatorsService] });
    services = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
  });
  afterAll(async () => {
    unsubscribe?.();
    await services?.close();
    await database?.drop();
  });

  it('announces each seeded creator durably to ingestion, which indexes them, and to the post copies', async () => {
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    const ids = creators.map((creator) => creator.id).sort();
    expect([...postsAnnounced].sort()).toEqual(ids);
    await waitFor(() => (postsChanged.length === ids.length ? true : undefined), {
      what: 'the creators.posts.changed hints',
    });
    expect([...postsChanged].sort()).toEqual(ids);
  });

  it('seeds at least three demo creators, each with at least 30 posts', async () => {
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    expect(creators.length).toBeGreaterThanOrEqual(3);
    for (const creator of creators) {
      expect(creator.demoAccount).toBe(true);
      const { posts } = await services.client.request(Subjects.CreatorsPostList, { creatorId: creator.id });
      expect(posts.length).toBeGreaterThanOrEqual(30);
    }
  });

  it('features the creator whose tiktokURL is @demo.creator', async () => {
    const featured = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    expect(featured.tiktokURL).toBe('https://www.tiktok.com/@demo.creator');
    expect(featured.handle).toBe('demo.creator');
  });

  it('finds a creator by handle case-insensitively', async () => {
    const creator = await services.client.request(Subjects.CreatorsCreatorFindByHandle, {
      handle: 'DEMO.CREATOR',
    });
    expect(creator.tiktokURL).toBe('https://www.tiktok.com/@demo.creator');
  });

  it('finds the creator a user owns, and answers a user who is not a creator with CREATOR_NOT_FOUND', async () => {
    const creator = await services.client.request(Subjects.CreatorsCreatorFindByUser, {
      userId: 'demo:demo.creator',
    });
    expect(creator.handle).toBe('demo.creator');
    await expect(
      services.client.request(Subjects.CreatorsCreatorFindByUser, { userId: randomUUID() }),
    ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
  });

  it('answers an unknown handle or id with CREATOR_NOT_FOUND', async () => {
    await expect(
      services.client.request(Subjects.CreatorsCreatorFindByHandle, { handle: 'nobody.here' }),
    ).rejects.toMatchObject({
      code: ErrorCode.CreatorNotFound,
    });
    await expect(
      services.client.request(Subjects.CreatorsCreatorGet, { id: randomUUID() }),
    ).rejects.toMatchObject({
      code: ErrorCode.CreatorNotFound,
    });
  });

  it('rejects a handle that is not word characters, dots and hyphens', async () => {
    await expect(
      services.client.request(Subjects.CreatorsCreatorFindByHandle, { handle: 'a/b' }),
    ).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it('lists posts newest first, with transcripts only when asked, and covers made locally', async () => {
    const featured = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    const plain = await services.client.request(Subjects.CreatorsPostList, { creatorId: featured.id });
    const dates = plain.posts.map((post) => post.tikTokCreatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(plain.posts.every((post) => post.transcript === '')).toBe(true);
    expect(plain.posts[0]?.coverUrl).toMatch(/^data:image\/svg\+xml/);
    const full = await services.client.request(Subjects.CreatorsPostList, {
      creatorId: featured.id,
      withTranscripts: true,
    });
    expect(full.posts.every((post) => post.transcript.split(/\s+/).length >= 80)).toBe(true);
  });

  it('gives chat-inference the persona with a posts version', async () => {
    const featured = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    const persona = await services.client.request(Subjects.CreatorsPersonaGet, { creatorId: featured.id });
    expect(persona.essencePrompt.length).toBeGreaterThan(100);
    expect(persona.postsVersion).toMatch(/^\d+:\d+$/);
  });

  it('seeds idempotently: a second start adds no creators or posts', async () => {
    const before = (await services.client.request(Subjects.CreatorsCreatorList, {})).creators;
    const featured = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    const version = (await services.client.request(Subjects.CreatorsPersonaGet, { creatorId: featured.id }))
      .postsVersion;
    const again = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
    try {
      const after = (await again.client.request(Subjects.CreatorsCreatorList, {})).creators;
      expect(after.map((creator) => creator.id)).toEqual(before.map((creator) => creator.id));
      const versionAfter = (
        await again.client.request(Subjects.CreatorsPersonaGet, { creatorId: featured.id })
      ).postsVersion;
      expect(versionAfter).toBe(version);
      // Nothing changed, so nothing is announced.
      expect(postsChanged).toHaveLength(after.length);
    } finally {
      await again.close();
    }
  });

  it("keeps an admin's edit of a demo creator's prompt across a restart (the seed writes a prompt only when it creates the creator)", async () => {
    const featured = await services.client.request(Subjects.CreatorsCreatorFeatured, {});
    const admin = { userId: randomUUID(), userType: 'authenticated' as const, groups: ['admin'] };
    await services.client.request(Subjects.CreatorsPromptUpdate, {
      actor: admin,
      creatorId: featured.id,
      creatorPrompt: 'Answer in exactly three sentences.',
    });
    const again = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
    try {
      const prompt = await again.client.request(Subjects.CreatorsPromptGet, {
        actor: admin,
        creatorId: featured.id,
      });
      expect(prompt.creatorPrompt).toBe('Answer in exactly three sentences.');
      expect(prompt.versions[0]).toMatchObject({ creatorPrompt: 'Answer in exactly three sentences.' });
    } finally {
      await again.close();
    }
  });
});
