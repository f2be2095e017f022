import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

const INVALID_CATALOG_NAME = '3D000';
const DUPLICATE_DATABASE = '42P04';
/** Two services creating the database at once collide on pg_database's unique index. */
const UNIQUE_VIOLATION = '23505';

/**
 * Opens the service's data source and brings its schema up to date: creates
 * the database (development convenience) and the schema if missing, then runs
 * the checked-in migrations under an advisory lock so that replicas starting
 * together migrate once.
 */
export async function openMigratedDataSource(
  options: DataSourceOptions & { url?: string; schema?: string },
): Promise<DataSource> {
  const url = options.url;
  const schema = options.schema;
  if (!url || !schema) throw new Error('A service database needs a url and a schema');
  await ensureDatabase(url);
  // The lock is held on a connection of its own, outside the pool the migrations use.
  const lock = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await lock.connect();
  const lockKey = `backtalk:migrate:${schema}`;
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    const dataSource = await new DataSource(options).initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
    return dataSource;
  } finally {
    await lock.end().catch(() => undefined);
  }
}

export async function ensureDatabase(url: string): Promise<void> {
  try {
    await withClient(url, async () => undefined);
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    target.pathname = '/postgres';
    await withClient(target.toString(), (client) =>
      client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`),
    ).catch((createError: { code?: string }) => {
      if (createError.code !== DUPLICATE_DATABASE && createError.code !== UNIQUE_VIOLATION) throw createError;
    });
  }
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
