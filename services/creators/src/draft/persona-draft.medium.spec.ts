import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
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
 * Drafts, preview and publish in the creators service (docs/creators.md): a draft changes nothing
 * fans get until it is published; publishing saves a prompt version (rollback still works) and
 * replaces the boundaries; each creator reaches only their own draft; bad input changes nothing.
 */
describe('persona drafts', () => {
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
  const draftRows = async () =>
    (await sql.query(`SELECT "creatorId", "creatorPrompt", boundaries FROM creators.persona_drafts`)).rows;
  const persona = (id: string) => services.client.request(Subjects.CreatorsPersonaGet, { creatorId: id });

  beforeAll(async () => {
    database = await createTestDatabase('persona-drafts', { migratedFor: [creatorsService] });
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
    await services.client.request(Subjects.CreatorsBoundariesSet, {
      actor: owner,
      creatorId,
      boundaries: [{ topic: 'my family' }],
    });
  });
  afterAll(async () => {
    await sql?.end();
    await services?.close();
    await database?.drop();
  });

  it('a draft changes nothing fans get until it is published; then it is a prompt version', async () => {
    const before = await persona(creatorId);
    const saved = await services.client.request(Subjects.CreatorsDraftSave, {
      actor: owner,
      creatorPrompt: 'Always end with the word sourdough.',
    });
    expect(saved.changed).toEqual({ creatorPrompt: true, boundaries: false });
    expect(saved.draft.creatorPrompt).toBe('Always end with the word sourdough.');
    expect(saved.published.creatorPrompt).toBe(before.creatorPrompt);
    const withBoundaries = await services.client.request(Subjects.CreatorsDraftSave, {
      actor: owner,
      boundaries: [{ topic: 'my family' }, { topic: 'politics', decline: 'Not here!' }],
    });
    expect(withBoundaries.changed).toEqual({ creatorPrompt: true, boundaries: true });
    expect(withBoundaries.updatedAt).not.toBeNull();

    // Fans still get the published persona.
    const during = await persona(creatorId);
    expect(during.creatorPrompt).toBe(before.creatorPrompt);
    expect((during.boundaries ?? []).map((entry) => entry.topic)).toEqual(['my family']);

    const published = await services.client.request(Subjects.CreatorsDraftPublish, { actor: owner });
    expect(published.changed).toEqual({ creatorPrompt: false, boundaries: false });
    expect(published.published).toEqual({
      creatorPrompt: 'Always end with the word sourdough.',
      boundaries: [{ topic: 'my family' }, { topic: 'politics', decline: 'Not here!' }],
    });
    const after = await persona(creatorId);
    expect(after.creatorPrompt).toBe('Always end with the word sourdough.');
    expect((after.boundaries ?? []).map(({ topic, decline }) => ({ topic, decline }))).toEqual([
      { topic: 'my family', decline: null },
      { topic: 'politics', decline: 'Not here!' },
    ]);
    expect(await draftRows()).toEqual([]);

    // The prompt's versions and rollback stay.
    const prompt = await services.client.request(Subjects.CreatorsPromptGet, { actor: owner });
    expect(prompt.versions[0].creatorPrompt).toBe('Always end with the word sourdough.');
    const first = prompt.versions.at(-1)!;
    const rolled = await services.client.request(Subjects.CreatorsPromptRollback, {
      actor: owner,
      versionId: first.id,
    });
    expect(rolled.creatorPrompt).toBe(first.creatorPrompt);
  });

  it('saving the published prompt back leaves no draft; discard drops one', async () => {
    const { creatorPrompt } = await persona(creatorId);
    await services.client.request(Subjects.CreatorsDraftSave, { actor: owner, creatorPrompt: 'Be brief.' });
    expect(await draftRows()).toHaveLength(1);
    const back = await services.client.request(Subjects.CreatorsDraftSave, { actor: owner, creatorPrompt });
    expect(back.changed).toEqual({ creatorPrompt: false, boundaries: false });
    expect(await draftRows()).toEqual([]);

    await services.client.request(Subjects.CreatorsDraftSave, { actor: owner, creatorPrompt: 'Be brief.' });
    const discarded = await services.client.request(Subjects.CreatorsDraftDiscard, { actor: owner });
    expect(discarded.draft.creatorPrompt).toBe(creatorPrompt);
    expect(await draftRows()).toEqual([]);
    expect((await persona(creatorId)).creatorPrompt).toBe(creatorPrompt);
  });

  it('each creator reaches only their own draft; a fan or a guest has none', async () => {
    await services.client.request(Subjects.CreatorsDraftSave, {
      actor: owner,
      creatorPrompt: 'Owner draft.',
    });
    const theirs = await services.client.request(Subjects.CreatorsDraftGet, { actor: otherCreator });
    expect(theirs.creatorId).toBe(otherCreatorId);
    expect(theirs.draft.creatorPrompt).not.toBe('Owner draft.');
    await services.client.request(Subjects.CreatorsDraftPublish, { actor: otherCreator });
    await services.client.request(Subjects.CreatorsDraftDiscard, { actor: otherCreator });
    expect(
      (await services.client.request(Subjects.CreatorsDraftGet, { actor: owner })).draft.creatorPrompt,
    ).toBe('Owner draft.');
    for (const actor of [
      { userId: randomUUID(), userType: 'authenticated', groups: [] },
      { userId: owner.userId, userType: 'guest', groups: [] },
      { userId: randomUUID(), userType: 'authenticated', groups: ['admin'] },
    ] as Actor[]) {
      expect(await failure(services.client.request(Subjects.CreatorsDraftGet, { actor }))).toBe(
        ErrorCode.CreatorNotFound,
      );
      expect(
        await failure(
          services.client.request(Subjects.CreatorsDraftSave, { actor, creatorPrompt: 'Mine now.' }),
        ),
      ).toBe(ErrorCode.CreatorNotFound);
      expect(await failure(services.client.request(Subjects.CreatorsDraftPublish, { actor }))).toBe(
        ErrorCode.CreatorNotFound,
      );
    }
    expect((await draftRows()).map((row) => row.creatorPrompt)).toEqual(['Owner draft.']);
  });

  it.each([
    ['a blank prompt', { creatorPrompt: '   ' }],
    ['a prompt too long', { creatorPrompt: 'x'.repeat(4001) }],
    ['a topic twice', { boundaries: [{ topic: 'a' }, { topic: 'A' }] }],
    ['a creator named', { creatorPrompt: 'Be brief.', creatorId: randomUUID() }],
  ])('%s is refused and changes nothing', async (_, body) => {
    const before = await draftRows();
    expect(
      await failure(services.client.request(Subjects.CreatorsDraftSave, { actor: owner, ...body } as never)),
    ).toBe(ErrorCode.ValidationFailed);
    expect(await draftRows()).toEqual(before);
  });
});
