import { processBus } from '@backtalk/kit';
import { type Actor, DurableSubjects, ErrorCode, Subjects } from '@backtalk/proto';
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
 * What the persona may know, in the creators service (docs/creators.md, "Knowledge"): the
 * repository behind creators.knowledge.*, corrected-answer.*, knowledge-note.* and
 * post-exclusion.set, who may use them, what ingestion reads, and that a re-sync keeps a post
 * excluded.
 */
describe('creator knowledge', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let sql: Client;
  let creatorId: string;
  let otherCreatorId: string;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [] };
  const otherCreator: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [] };

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the request to fail');
      },
      (error: { code?: string }) => error.code,
    );
  /** Ingestion's intake, as the test sees it: what creators asked it, durably, to re-index. */
  const reindexed: Array<{ creatorId: string; version: number }> = [];
  let stopIntake: Array<() => void> = [];
  const source = () => services.client.request(Subjects.CreatorsKnowledgeSource, { creatorId });

  beforeAll(async () => {
    stopIntake = [
      processBus.subscribe(DurableSubjects.IngestionCreatorKnowledgeChanged, (message) => {
        reindexed.push(JSON.parse(message.data) as { creatorId: string; version: number });
        message.respond?.(JSON.stringify({ duplicate: false }));
      }),
      // A re-sync's posts also go to ingestion's post index.
      processBus.subscribe(DurableSubjects.IngestionCreatorPostsChanged, (message) =>
        message.respond?.(JSON.stringify({ duplicate: false })),
      ),
    ];
    database = await createTestDatabase('creator-knowledge', { migratedFor: [creatorsService] });
    services = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    [creatorId, otherCreatorId] = [creators[0].id, creators[1].id];
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [
      otherCreator.userId,
      otherCreatorId,
    ]);
  });
  afterAll(async () => {
    stopIntake.forEach((stop) => stop());
    await sql?.end();
    await services?.close();
    await database?.drop();
  });

  it('adds, edits and deletes a corrected answer; each change is a new version to index', async () => {
    const before = await services.client.request(Subjects.CreatorsKnowledgeGet, { actor: owner, creatorId });
    expect(before.answers).toEqual([]);
    expect(before.posts.length).toBeGreaterThan(0);

    const added = await services.client.request(Subjects.CreatorsCorrectedAnswerSave, {
      actor: owner,
      creatorId,
      question: ' What camera do you use? ',
      answer: 'A Sony ZV-1, always on a tiny tripod.',
    });
    expect(added.answers).toEqual([
      expect.objectContaining({
        question: 'What camera do you use?',
        answer: 'A Sony ZV-1, always on a tiny tripod.',
      }),
    ]);
    expect(added.indexing).toMatchObject({ version: before.indexing.version + 1, state: 'indexing' });

    const id = added.answers[0].id;
    const edited = await services.client.request(Subjects.CreatorsCorrectedAnswerSave, {
      actor: owner,
      creatorId,
      id,
      question: 'What camera do you use?',
      answer: 'My phone now.',
    });
    expect(edited.answers).toEqual([expect.objectContaining({ id, answer: 'My phone now.' })]);
    expect((await source()).answers).toEqual([expect.objectContaining({ id, answer: 'My phone now.' })]);

    const deleted = await services.client.request(Subjects.CreatorsCorrectedAnswerDelete, {
      actor: owner,
      creatorId,
      id,
    });
    expect(deleted.answers).toEqual([]);
    expect(deleted.indexing.version).toBe(before.indexing.version + 3);
    expect(reindexed.slice(-3)).toEqual(
      [1, 2, 3].map((n) => ({ creatorId, version: before.indexing.version + n })),
    );
    expect(
      await failure(
        services.client.request(Subjects.CreatorsCorrectedAnswerDelete, { actor: owner, creatorId, id }),
      ),
    ).toBe(ErrorCode.NotFound);
  });

  it('keeps notes, and records ingestion progress without ever going back', async () => {
    const saved = await services.client.request(Subjects.CreatorsKnowledgeNoteSave, {
      actor: owner,
      creatorId,
      title: 'Merch',
      text: 'The hoodies are at example.com/shop.',
    });
    const { version } = saved.indexing;
    expect(saved.notes).toEqual([expect.objectContaining({ title: 'Merch' })]);
    expect((await source()).notes).toHaveLength(1);

    const record = (v: number, done: number, total: number) =>
      services.client.request(Subjects.CreatorsKnowledgeIndexRecord, { creatorId, version: v, done, total });
    expect(await record(version, 2, 5)).toEqual({ recorded: true });
    let knowledge = await services.client.request(Subjects.CreatorsKnowledgeGet, { actor: owner, creatorId });
    expect(knowledge.indexing).toMatchObject({ state: 'indexing', done: 2, total: 5 });
    expect(await record(version, 5, 5)).toEqual({ recorded: true });
    expect(await record(version - 1, 5, 5)).toEqual({ recorded: false });
    knowledge = await services.client.request(Subjects.CreatorsKnowledgeGet, { actor: owner, creatorId });
    expect(knowledge.indexing).toMatchObject({ state: 'ready', indexedVersion: version, done: 5, total: 5 });
  });

  it('excludes a post, and a re-sync of the same post keeps it excluded', async () => {
    const { posts } = await services.client.request(Subjects.CreatorsKnowledgeGet, {
      actor: owner,
      creatorId,
    });
    const post = posts[0];
    const changed = await services.client.request(Subjects.CreatorsPostExclusionSet, {
      actor: owner,
      creatorId,
      postId: post.id,
      excluded: true,
    });
    expect(changed.posts.find((entry) => entry.id === post.id)?.excluded).toBe(true);

    const row = (await sql.query(`SELECT * FROM creators.posts WHERE id = $1`, [post.id])).rows[0] as Record<
      string,
      unknown
    >;
    await services.client.request(Subjects.CreatorsPostUpsertMany, {
      creatorId,
      posts: [
        {
          awemeId: row.awemeId as string,
          desc: `${row.desc as string} (edited on TikTok)`,
          caption: row.caption as string,
          transcript: row.transcript as string,
          tikTokCreatedAt: (row.tikTokCreatedAt as Date).toISOString(),
          videoUrl: row.videoUrl as string,
          captionUrl: row.captionUrl as string,
          s3Path: null,
          coverS3Path: null,
          s3CoverPublicUrl: null,
        },
      ],
    });
    expect((await source()).excludedPostIds).toEqual([post.id]);

    await services.client.request(Subjects.CreatorsPostExclusionSet, {
      actor: owner,
      creatorId,
      postId: post.id,
      excluded: false,
    });
    expect((await source()).excludedPostIds).toEqual([]);
  });

  it("never shows or changes another creator's knowledge", async () => {
    const { answers } = await services.client.request(Subjects.CreatorsCorrectedAnswerSave, {
      actor: otherCreator,
      creatorId: otherCreatorId,
      question: 'Where do you live?',
      answer: 'Not telling!',
    });
    const theirs = answers[0].id;
    const { posts: theirPosts } = await services.client.request(Subjects.CreatorsKnowledgeGet, {
      actor: otherCreator,
      creatorId: otherCreatorId,
    });

    expect(
      await failure(
        services.client.request(Subjects.CreatorsKnowledgeGet, { actor: owner, creatorId: otherCreatorId }),
      ),
    ).toBe(ErrorCode.Forbidden);
    expect(
      await failure(
        services.client.request(Subjects.CreatorsCorrectedAnswerSave, {
          actor: owner,
          creatorId: otherCreatorId,
          question: 'x',
          answer: 'y',
        }),
      ),
    ).toBe(ErrorCode.Forbidden);
    // Their entry's id under the caller's own creator is not found, and changes nothing.
    expect(
      await failure(
        services.client.request(Subjects.CreatorsCorrectedAnswerSave, {
          actor: owner,
          creatorId,
          id: theirs,
          question: 'Where do you live?',
          answer: 'Hijacked',
        }),
      ),
    ).toBe(ErrorCode.NotFound);
    expect(
      await failure(
        services.client.request(Subjects.CreatorsPostExclusionSet, {
          actor: owner,
          creatorId,
          postId: theirPosts[0].id,
          excluded: true,
        }),
      ),
    ).toBe(ErrorCode.NotFound);
    const theirSource = await services.client.request(Subjects.CreatorsKnowledgeSource, {
      creatorId: otherCreatorId,
    });
    expect(theirSource.answers).toEqual([expect.objectContaining({ id: theirs, answer: 'Not telling!' })]);
    expect(theirSource.excludedPostIds).toEqual([]);
  });

  it('erases everything with the creator', async () => {
    await sql.query(`DELETE FROM creators.creators WHERE id = $1`, [otherCreatorId]);
    for (const table of ['creator_corrected_answers', 'creator_knowledge_notes', 'creator_knowledge_index']) {
      const { rows } = await sql.query(`SELECT 1 FROM creators.${table} WHERE "creatorId" = $1`, [
        otherCreatorId,
      ]);
      expect(rows).toEqual([]);
    }
  });
});
