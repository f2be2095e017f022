import { dataSourceOptions, openMigratedDataSource, type ServiceDatabase } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';
import { servicesWithSchemas } from './service-databases';

/**
 * Every other test copies a template that was migrated once; this one proves
 * each service's checked-in migrations build its schema on an empty database,
 * as a first deployment does, and that the schema they build is the one the
 * entities describe (else the next generated migration would carry someone
 * else's drift).
 */
jest.setTimeout(60_000);

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

function migrate(database: ServiceDatabase, url: string) {
  const options = dataSourceOptions(database, url, 1);
  // As generate-migration.js does: without the search_path TypeORM compares schema-qualified names.
  return openMigratedDataSource({
    ...options,
    extra: { ...options.extra, options: undefined },
  } as Parameters<typeof openMigratedDataSource>[0]);
}

function migrationCount(database: ServiceDatabase): number {
  const { migrations } = database;
  return Array.isArray(migrations) ? migrations.length : Object.keys(migrations).length;
}

describe('migrations on an empty database', () => {
  it('cover every service with a migrations folder', () => {
    const servicesDir = path.join(repoRoot, 'services');
    const withMigrations = readdirSync(servicesDir).filter((name) => {
      try {
        return readdirSync(path.join(servicesDir, name, 'src/migrations')).length > 0;
      } catch {
        return false;
      }
    });

    expect(servicesWithSchemas.map((service) => service.name).sort()).toEqual(withMigrations.sort());
  });

  it.each(servicesWithSchemas.map((service) => [service.name, service.database!] as const))(
    '%s: builds the schema its entities describe',
    async (_name, database) => {
      const empty = await createTestDatabase(`migrate_${database.schema}`);
      databases.push(empty);

      const dataSource = await migrate(database, empty.url);
      try {
        const applied: unknown[] = await dataSource.query(
          `SELECT name FROM "${database.schema}".migrations ORDER BY id`,
        );
        expect(applied).toHaveLength(migrationCount(database));
        const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
        expect(upQueries.map((query) => query.query)).toEqual([]);
      } finally {
        await dataSource.destroy();
      }
    },
  );
});
