import { ErrorCode, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  testServerUrl,
  type InProcessServices,
  type TestDatabase,
} from '@backtalk/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { featureFlagsService } from '../index';

describe('feature-flags service', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  const admin = { userId: randomUUID(), userType: 'authenticated' as const, groups: ['admin'] };
  const fan = { userId: randomUUID(), userType: 'authenticated' as const, groups: [] };

  beforeAll(async () => {
    database = await createTestDatabase('flags', { migratedFor: [featureFlagsService] });
    services = await startServicesInProcess([featureFlagsService], { DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it('creates bypassSubscriptions, disabled, in development', async () => {
    const { flags } = await services.client.request(Subjects.FeatureFlagsFlagList, {});
    expect(flags).toEqual([
      expect.objectContaining({
        name: 'bypassSubscriptions',
        enabled: false,
        environment: 'development',
        lastUpdatedBy: null,
      }),
    ]);
  });

  it('reads a flag that does not exist as off', async () => {
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagGet, {
        name: 'noSuchFlag',
        environment: 'production',
      }),
    ).resolves.toEqual({ name: 'noSuchFlag', enabled: false });
  });

  it('lets an admin toggle a development flag, recording who did', async () => {
    const [flag] = (
      await services.client.request(Subjects.FeatureFlagsFlagList, { environment: 'development' })
    ).flags;
    const updated = await services.client.request(Subjects.FeatureFlagsFlagUpdate, {
      actor: admin,
      id: flag!.id,
      enabled: true,
    });
    expect(updated).toMatchObject({ enabled: true, lastUpdatedBy: admin.userId });
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagGet, {
        name: 'bypassSubscriptions',
        environment: 'development',
      }),
    ).resolves.toEqual({ name: 'bypassSubscriptions', enabled: true });
    await services.client.request(Subjects.FeatureFlagsFlagUpdate, {
      actor: admin,
      id: flag!.id,
      enabled: false,
    });
  });

  it('refuses a non-admin and changes nothing', async () => {
    const [flag] = (await services.client.request(Subjects.FeatureFlagsFlagList, {})).flags;
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagUpdate, { actor: fan, id: flag!.id, enabled: true }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    const after = (await services.client.request(Subjects.FeatureFlagsFlagList, {})).flags[0];
    expect(after?.enabled).toBe(false);
  });

  it('refuses to toggle a production flag with an error that says so, and changes nothing', async () => {
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ id: string }>(
        `INSERT INTO feature_flags.feature_flags (owner, name, enabled, environment)
         VALUES ('system', 'liveFlag', false, 'production') RETURNING id`,
      );
      const id = rows[0]!.id;
      await expect(
        services.client.request(Subjects.FeatureFlagsFlagUpdate, { actor: admin, id, enabled: true }),
      ).rejects.toMatchObject({
        code: ErrorCode.Forbidden,
        message: expect.stringContaining('Only development flags can be changed'),
      });
      const after = await sql.query('SELECT enabled FROM feature_flags.feature_flags WHERE id = $1', [id]);
      expect(after.rows[0]).toEqual({ enabled: false });
      await sql.query('DELETE FROM feature_flags.feature_flags WHERE id = $1', [id]);
    } finally {
      await sql.end();
    }
  });

  it('answers an unknown flag id with NOT_FOUND', async () => {
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagUpdate, {
        actor: admin,
        id: randomUUID(),
        enabled: true,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('keeps one bypassSubscriptions flag when the service starts again', async () => {
    const again = await startServicesInProcess([featureFlagsService], { DATABASE_URL: database.url });
    try {
      const { flags } = await again.client.request(Subjects.FeatureFlagsFlagList, {});
      expect(flags.filter((flag) => flag.name === 'bypassSubscriptions')).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('reports its database down through the health check when PostgreSQL refuses it, and up again after', async () => {
    await expect(services.client.request(Subjects.FeatureFlagsHealthCheck, {})).resolves.toMatchObject({
      service: 'feature-flags',
      status: 'up',
      checks: { database: 'up' },
    });
    const admin = new Client({ connectionString: testServerUrl() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        database.name,
      ]);
      await expect(services.client.request(Subjects.FeatureFlagsHealthCheck, {})).resolves.toMatchObject({
        status: 'down',
        checks: { database: 'down' },
      });
    } finally {
      await admin.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await expect(services.client.request(Subjects.FeatureFlagsHealthCheck, {})).resolves.toMatchObject({
      status: 'up',
    });
  });
});
