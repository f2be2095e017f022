import { createHash, randomBytes } from 'node:crypto';
import {
  dataSourceOptions,
  openMigratedDataSource,
  type ServiceDatabase,
  type ServiceDefinition,
} from '@backtalk/kit';
import { cloneDatabase, ensureTemplate, INVALID_CATALOG_NAME, TEMPLATE_PREFIX } from './template-database';
import { databaseUrl, testServerUrl, withAdmin } from './test-server';

export interface TestDatabase {
  url: string;
  name: string;
  /** The template it was copied from; null for an empty database. */
  template: string | null;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * The services the test will boot on it: the database comes with their schemas
   * already migrated, copied from a template built once per set of migrations.
   * Without it the database is empty and each service migrates it when it
   * starts — for tests of the migrations themselves.
   */
  migratedFor?: readonly ServiceDefinition[];
}

/**
 * A database of its own for one test file, dropped afterwards, so test files
 * run in parallel without sharing state.
 */
export async function createTestDatabase(
  label = 'test',
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const server = testServerUrl();
  const name = `bt_${label
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(5).toString('hex')}`;
  const databases = serviceDatabases(options.migratedFor ?? []);
  let template: string | null = null;
  if (databases.length === 0) {
    await withAdmin(server, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  } else {
    template = templateName(databases);
    await copyTemplate(server, template, name, databases);
  }
  return {
    url: databaseUrl(server, name),
    name,
    template,
    drop: () =>
      withAdmin(server, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

async function copyTemplate(
  server: string,
  template: string,
  name: string,
  databases: ServiceDatabase[],
): Promise<void> {
  const build = (url: string) => migrate(url, databases);
  await ensureTemplate(server, template, build);
  try {
    await cloneDatabase(server, template, name);
  } catch (error) {
    // Another run dropped it as stale between our check and the copy: build it again.
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
    await ensureTemplate(server, template, build);
    await cloneDatabase(server, template, name);
  }
}

/** Migrates each schema exactly as a service does when it starts, then lets go of the database. */
async function migrate(url: string, databases: ServiceDatabase[]): Promise<void> {
  for (const database of databases) {
    const dataSource = await openMigratedDataSource(
      dataSourceOptions(database, url, 1) as Parameters<typeof openMigratedDataSource>[0],
    );
    await dataSource.destroy();
  }
}

function serviceDatabases(definitions: readonly ServiceDefinition[]): ServiceDatabase[] {
  const bySchema = new Map<string, ServiceDatabase>();
  for (const definition of definitions)
    if (definition.database) bySchema.set(definition.database.schema, definition.database);
  return [...bySchema.values()].sort((a, b) => a.schema.localeCompare(b.schema));
}

/** Bump when the way templates are built changes, so no run copies one built the old way. */
const TEMPLATE_FORMAT = 1;

/**
 * The template's name: a hash of each schema's migrations, source included, so
 * editing a migration that has not landed yet also gets a fresh template.
 */
export function templateName(databases: readonly ServiceDatabase[]): string {
  const content = [...databases]
    .sort((a, b) => a.schema.localeCompare(b.schema))
    .map((database) => ({
      schema: database.schema,
      migrations: migrationList(database).map((migration) => {
        if (typeof migration === 'string')
          throw new Error(
            `${database.schema}: template databases need migration classes, not the path ${migration}`,
          );
        return { name: migration.name, source: migration.toString() };
      }),
    }));
  const hash = createHash('sha256')
    .update(JSON.stringify({ format: TEMPLATE_FORMAT, content }))
    .digest('hex');
  return `${TEMPLATE_PREFIX}${hash.slice(0, 20)}`;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function migrationList(database: ServiceDatabase): (Function | string)[] {
  const { migrations } = database;
  return Array.isArray(migrations) ? migrations : Object.values(migrations);
}
