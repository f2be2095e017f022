import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by the jest global setup: a server the tests may create databases on. */
export const TEST_SERVER_URL_VARIABLE = 'BACKTALK_TEST_DATABASE_SERVER_URL';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function testServerUrl(): string {
  const url = process.env[TEST_SERVER_URL_VARIABLE];
  if (!url) throw new Error(`${TEST_SERVER_URL_VARIABLE} is not set: is the jest global setup configured?`);
  return url;
}

/**
 * A database of its own for one test file, dropped afterwards, so test files
 * run in parallel without sharing state.
 */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const server = testServerUrl();
  const name = `bt_${label
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(5).toString('hex')}`;
  await withAdmin(server, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(server, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdmin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function canConnect(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
