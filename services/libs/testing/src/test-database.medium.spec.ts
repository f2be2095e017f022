import { randomBytes } from 'node:crypto';
import { baseConfigSchema, type ServiceDefinition } from '@backtalk/kit';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  cloneDatabase,
  dropStaleTemplates,
  STALE_TEMPLATE_AGE_MS,
  TEMPLATE_PREFIX,
} from './template-database';
import { createTestDatabase, templateName, type TestDatabase } from './test-database';
import { databaseUrl, testServerUrl, withAdmin } from './test-server';

// Creating and dropping databases takes seconds on a busy machine.
jest.setTimeout(60_000);

/** A service with one migration that counts how often it runs in this process. */
function fixtureService(): { definition: ServiceDefinition; runs: () => number } {
  let runs = 0;
  class CreateGreeting1700000000000 implements MigrationInterface {
    name = 'CreateGreeting1700000000000';
    async up(queryRunner: QueryRunner): Promise<void> {
      runs += 1;
      await queryRunner.query(`CREATE TABLE greeting (id serial PRIMARY KEY, text varchar NOT NULL)`);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE greeting`);
    }
  }
  // A schema of its own per test: its hash, and so its template, is new to the server.
  const schema = `fixture_${randomBytes(4).toString('hex')}`;
  return {
    definition: {
      name: schema,
      config: baseConfigSchema,
      module: () => {
        throw new Error('not booted in these tests');
      },
      database: { schema, entities: [], migrations: [CreateGreeting1700000000000] },
    },
    runs: () => runs,
  };
}

const created: TestDatabase[] = [];
async function create(label: string, definitions?: ServiceDefinition[]): Promise<TestDatabase> {
  const database = await createTestDatabase(label, definitions ? { migratedFor: definitions } : {});
  created.push(database);
  return database;
}

async function query<T>(database: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl(testServerUrl(), database) });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const { rows } = await withAdmin(testServerUrl(), (admin) =>
    admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
  );
  return rows.length === 1;
}

async function dropTemplate(name: string): Promise<void> {
  await withAdmin(testServerUrl(), async (admin) => {
    if (!(await databaseExists(name))) return;
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

afterAll(async () => {
  const templates = new Set(created.map((database) => database.template).filter((name) => name !== null));
  for (const database of created) await database.drop();
  for (const template of templates) await dropTemplate(template);
});

describe('createTestDatabase', () => {
  it('copies a template migrated once, however many copies are made at once', async () => {
    const fixture = fixtureService();
    const copies = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(`copy${index}`, [fixture.definition])),
    );

    expect(fixture.runs()).toBe(1);
    expect(new Set(copies.map((copy) => copy.template)).size).toBe(1);
    const schema = fixture.definition.database?.schema;
    for (const copy of copies) {
      const applied = await query<{ name: string }>(copy.name, `SELECT name FROM "${schema}".migrations`);
      expect(applied.map((row) => row.name)).toEqual(['CreateGreeting1700000000000']);
    }
    // Copies are independent of each other.
    await query(copies[0]!.name, `INSERT INTO "${schema}".greeting (text) VALUES ('hello')`);
    expect(await query(copies[1]!.name, `SELECT * FROM "${schema}".greeting`)).toEqual([]);
  });

  it('gives an empty database when no services are named', async () => {
    const database = await create('empty');

    expect(database.template).toBeNull();
    const schemas = await query<{ nspname: string }>(
      database.name,
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
    );
    expect(schemas.map((row) => row.nspname)).toEqual(['public']);
  });

  it('names the template after the migrations, so a changed migration gets a new one', () => {
    const first = fixtureService().definition.database!;
    class CreateGreeting1700000000000 implements MigrationInterface {
      async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE greeting (id serial PRIMARY KEY, text text NOT NULL)`);
      }
      async down(): Promise<void> {}
    }
    const edited = { ...first, migrations: [CreateGreeting1700000000000] };

    expect(templateName([first])).toBe(templateName([{ ...first }]));
    expect(templateName([first])).toMatch(new RegExp(`^${TEMPLATE_PREFIX}[0-9a-f]{20}$`));
    expect(templateName([edited])).not.toBe(templateName([first]));
  });

  it('rebuilds a template its builder left half-built', async () => {
    const fixture = fixtureService();
    const template = templateName([fixture.definition.database!]);
    await withAdmin(testServerUrl(), (admin) => admin.query(`CREATE DATABASE "${template}"`));

    const database = await create('halfbuilt', [fixture.definition]);

    expect(database.template).toBe(template);
    expect(fixture.runs()).toBe(1);
    const schema = fixture.definition.database?.schema;
    expect(await query(database.name, `SELECT * FROM "${schema}".greeting`)).toEqual([]);
  });

  it('rebuilds a template another run dropped as stale', async () => {
    const fixture = fixtureService();
    const first = await create('before', [fixture.definition]);
    await dropTemplate(first.template!);

    const second = await create('after', [fixture.definition]);

    expect(second.template).toBe(first.template);
    expect(fixture.runs()).toBe(2);
  });
});

describe('cloneDatabase', () => {
  it('waits for the source database to lose its sessions', async () => {
    const source = await create('source');
    const session = new Client({ connectionString: source.url });
    await session.connect();
    // Longer than the 5 s PostgreSQL itself waits before "being accessed by other users".
    const released = new Promise<void>((resolve) =>
      setTimeout(() => void session.end().then(() => resolve()), 7000),
    );
    const copy = `bt_clone_${randomBytes(5).toString('hex')}`;
    created.push({ name: copy, url: '', template: null, drop: () => dropTemplate(copy) });

    await cloneDatabase(testServerUrl(), source.name, copy);
    await released;

    expect(await databaseExists(copy)).toBe(true);
  });
});

describe('dropStaleTemplates', () => {
  async function template(builtAt: string | null, markTemplate = true): Promise<string> {
    const name = `${TEMPLATE_PREFIX}test${randomBytes(6).toString('hex')}`;
    await withAdmin(testServerUrl(), async (admin) => {
      await admin.query(`CREATE DATABASE "${name}"`);
      if (builtAt) await admin.query(`COMMENT ON DATABASE "${name}" IS '{"builtAt":"${builtAt}"}'`);
      if (markTemplate) await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
    });
    return name;
  }

  it('drops old and half-built templates and keeps fresh ones and those being built', async () => {
    const now = new Date();
    const old = await template(new Date(now.getTime() - STALE_TEMPLATE_AGE_MS - 60_000).toISOString());
    const fresh = await template(new Date(now.getTime() - 60_000).toISOString());
    const abandoned = await template(null, false);
    const building = await template(null, false);
    const builder = new Client({ connectionString: testServerUrl() });
    await builder.connect();
    await builder.query('SELECT pg_advisory_lock(hashtext($1))', [`backtalk:test-template:${building}`]);

    try {
      const dropped = await dropStaleTemplates(testServerUrl(), STALE_TEMPLATE_AGE_MS, now);

      expect(dropped).toEqual(expect.arrayContaining([old, abandoned]));
      expect(dropped).not.toContain(fresh);
      expect(dropped).not.toContain(building);
      expect(await databaseExists(old)).toBe(false);
      expect(await databaseExists(abandoned)).toBe(false);
      expect(await databaseExists(fresh)).toBe(true);
      expect(await databaseExists(building)).toBe(true);
    } finally {
      await builder.end();
      for (const name of [fresh, building]) await dropTemplate(name);
    }
  });
});
