import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { type RunningCluster, startCluster, waitUntilAnswering } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(300_000);

const PASSWORD = 'Correct-Horse-9';

/**
 * Account deletion in cluster mode (docs/retention.md): identity's announcement reaches every
 * service holding the user's data over JetStream, each in its own process, and each schedules
 * the erasure; another user's records are untouched. The terms themselves, with moved clocks,
 * are tested in process (retention.test.ts): the jobs are the same code in both modes.
 */
describeWithNats('account deletion in cluster mode: the announcement reaches every service', () => {
  const prefix = `test${randomBytes(4).toString('hex')}.`;
  let database: TestDatabase;
  let cluster: RunningCluster;
  let sql: Client;
  const call = gatewayHttp(() => cluster.gatewayUrl);
  const codeFor = outboxCode(outboxOverHttp(call));
  const count = async (query: string, params: unknown[]) =>
    Number((await sql.query(`SELECT count(*)::int AS n FROM ${query}`, params)).rows[0].n);

  const newUser = (email: string) => signUpAccount(call, email, PASSWORD, codeFor);

  beforeAll(async () => {
    database = await createSystemTestDatabase('retention_cluster');
    cluster = await startCluster(
      { DATABASE_URL: database.url, NATS_URL: testNatsUrl(), NATS_SUBJECT_PREFIX: prefix, LOG_LEVEL: 'warn' },
      ['identity', 'creators', 'ingestion', 'chat-inference', 'billing'],
    );
    await waitUntilAnswering(cluster);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await database?.drop();
  });

  it("schedules the erasure in chat-inference, creators and billing, and leaves another user's records", async () => {
    const leaving = await newUser(`leaving-${randomBytes(4).toString('hex')}@example.com`);
    const staying = await newUser(`staying-${randomBytes(4).toString('hex')}@example.com`);
    for (const userId of [leaving.userId, staying.userId])
      await sql.query(
        `INSERT INTO chat_inference.conversations (id, owner, "creatorId") VALUES ($1, $2, $3)`,
        [randomUUID(), userId, randomUUID()],
      );

    const deleted = await call('/api/auth/account/delete', {
      token: leaving.token,
      body: { confirm: 'DELETE', password: PASSWORD },
    });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

    for (const schema of ['chat_inference', 'creators', 'billing'])
      await waitFor(
        async () =>
          (await count(`${schema}.account_erasures WHERE "userId" = $1`, [leaving.userId])) === 1 ||
          undefined,
        { timeoutMs: 30_000, intervalMs: 200, what: `${schema} to take the deletion` },
      );
    expect(
      await count('identity.account_deletions WHERE "userId" = $1 AND "announcedAt" IS NOT NULL', [
        leaving.userId,
      ]),
    ).toBe(1);
    // The term has not ended: the content is still there; the other user is untouched.
    expect(await count('chat_inference.conversations WHERE owner = $1', [leaving.userId])).toBe(1);
    for (const schema of ['chat_inference', 'creators', 'billing'])
      expect(await count(`${schema}.account_erasures WHERE "userId" = $1`, [staying.userId])).toBe(0);
    expect((await call('/api/auth/session', { token: staying.token })).status).toBe(200);
  });
});
