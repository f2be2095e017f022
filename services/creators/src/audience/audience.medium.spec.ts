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
 * A creator's audience minimum (docs/safety.md, "Age"): 13+ by default, set by the creator's own
 * user or an admin, read by chat-inference with the persona, bad input changing nothing.
 */
describe('creator audience minimum', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let sql: Client;
  let creatorId: string;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [] };
  const stranger: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [] };
  const admin: Actor = { userId: randomUUID(), userType: 'authenticated', groups: ['admin'] };

  const stored = async () =>
    (await sql.query(`SELECT "audienceMinimum" FROM creators.creators WHERE id = $1`, [creatorId])).rows[0];
  const set = (actor: Actor, audienceMinimum: unknown) =>
    services.client
      .request(Subjects.CreatorsAudienceSet, { actor, creatorId, audienceMinimum } as never)
      .catch((error: { code?: string }) => error.code);

  beforeAll(async () => {
    database = await createTestDatabase('creator-audience', { migratedFor: [creatorsService] });
    services = await startServicesInProcess([creatorsService], {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    creatorId = creators[0].id;
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
  });
  afterAll(async () => {
    await sql?.end();
    await services?.close();
    await database?.drop();
  });

  it('is 13+ until the creator chooses, and the creator record and the persona carry the choice', async () => {
    expect(await services.client.request(Subjects.CreatorsCreatorGet, { id: creatorId })).toMatchObject({
      audienceMinimum: '13+',
    });
    expect(await set(owner, '18+')).toEqual({ creatorId, audienceMinimum: '18+' });
    expect(await services.client.request(Subjects.CreatorsPersonaGet, { creatorId })).toMatchObject({
      audienceMinimum: '18+',
    });
    expect(await services.client.request(Subjects.CreatorsCreatorGet, { id: creatorId })).toMatchObject({
      audienceMinimum: '18+',
    });
  });

  it('refuses another user (403) and lets an admin set it', async () => {
    await set(owner, '16+');
    expect(await set(stranger, '13+')).toBe(ErrorCode.Forbidden);
    expect(await stored()).toEqual({ audienceMinimum: '16+' });
    expect(await set(admin, '18+')).toEqual({ creatorId, audienceMinimum: '18+' });
  });

  it.each([['21+'], ['18'], [''], [18], [null]])(
    'answers %j with VALIDATION_FAILED and changes nothing',
    async (value) => {
      await set(owner, '16+');
      expect(await set(owner, value)).toBe(ErrorCode.ValidationFailed);
      expect(await stored()).toEqual({ audienceMinimum: '16+' });
    },
  );

  it('answers an unknown creator with CREATOR_NOT_FOUND', async () => {
    const error = await services.client
      .request(Subjects.CreatorsAudienceSet, {
        actor: owner,
        creatorId: randomUUID(),
        audienceMinimum: '16+',
      })
      .catch((failure: { code?: string }) => failure.code);
    expect(error).toBe(ErrorCode.CreatorNotFound);
  });
});
