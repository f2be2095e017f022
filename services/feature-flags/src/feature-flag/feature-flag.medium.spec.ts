import { ErrorCode, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  testServerUrl,
  type InProcessServices,
  type TestDatabase,
  waitFor,
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
    expect(flags.filter((flag) => flag.name === 'bypassSubscriptions')).toEqual([
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

  it("lists the deployment's own environment and says which it is", async () => {
    await expect(services.client.request(Subjects.FeatureFlagsFlagList, {})).resolves.toMatchObject({
      environment: 'development',
      flags: [expect.objectContaining({ environment: 'development' })],
    });
  });

  it('lets an admin create a flag in development, recording who did, and refuses the same name twice', async () => {
    const created = await services.client.request(Subjects.FeatureFlagsFlagCreate, {
      actor: admin,
      name: 'newCheckout',
      description: '  The new checkout page  ',
      enabled: true,
    });
    expect(created).toMatchObject({
      name: 'newCheckout',
      description: 'The new checkout page',
      enabled: true,
      environment: 'development',
      lastUpdatedBy: admin.userId,
    });
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagCreate, { actor: admin, name: 'newCheckout' }),
    ).rejects.toMatchObject({ code: ErrorCode.FlagExists });
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagGet, {
        name: 'newCheckout',
        environment: 'development',
      }),
    ).resolves.toEqual({ name: 'newCheckout', enabled: true });
  });

  it('refuses to create a flag for a non-admin or with a bad name, and stores nothing', async () => {
    await expect(
      services.client.request(Subjects.FeatureFlagsFlagCreate, { actor: fan, name: 'fanFlag' }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    for (const name of ['', '1starts-with-digit', 'has space', 'x'.repeat(65)]) {
      await expect(
        services.client.request(Subjects.FeatureFlagsFlagCreate, { actor: admin, name }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    }
    const { flags } = await services.client.request(Subjects.FeatureFlagsFlagList, {});
    expect(flags.map((flag) => flag.name)).not.toContain('fanFlag');
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
    // Up again once PostgreSQL takes connections: the backends it was told to end may still be
    // closing for a moment on a loaded machine, so the report is polled.
    await waitFor(
      async () =>
        (await services.client.request(Subjects.FeatureFlagsHealthCheck, {})).status === 'up' || undefined,
      { timeoutMs: 10_000, what: 'the health check to report up' },
    );
  });
});

describe('feature-flags service in a production deployment', () => {
  const admin = { userId: randomUUID(), userType: 'authenticated' as const, groups: ['admin'] };

  it('administers nothing in a production deployment (spec §9), saying so', async () => {
    const database = await createTestDatabase('flags', { migratedFor: [featureFlagsService] });
    const production = await startServicesInProcess([featureFlagsService], {
      DATABASE_URL: database.url,
      FLAG_ENVIRONMENT: 'production',
    });
    try {
      const { environment, flags } = await production.client.request(Subjects.FeatureFlagsFlagList, {});
      expect(environment).toBe('production');
      expect(flags.every((flag) => flag.environment === 'production')).toBe(true);
      const [development] = (
        await production.client.request(Subjects.FeatureFlagsFlagList, { environment: 'development' })
      ).flags;
      const refusal = {
        code: ErrorCode.FlagAdminUnavailable,
        message: 'Feature flag administration is only available in development environments.',
      };
      await expect(
        production.client.request(Subjects.FeatureFlagsFlagUpdate, {
          actor: admin,
          id: development!.id,
          enabled: !development!.enabled,
        }),
      ).rejects.toMatchObject(refusal);
      await expect(
        production.client.request(Subjects.FeatureFlagsFlagCreate, { actor: admin, name: 'prodFlag' }),
      ).rejects.toMatchObject(refusal);
      const after = await production.client.request(Subjects.FeatureFlagsFlagList, {
        environment: 'development',
      });
      expect(after.flags.find((flag) => flag.id === development!.id)?.enabled).toBe(development!.enabled);
      expect(after.flags.map((flag) => flag.name)).not.toContain('prodFlag');
    } finally {
      await production.close();
      await database.drop();
    }
  });
});
