import { Client } from 'pg';

/** Set by the jest global setup: a server the tests may create databases on. */
export const TEST_SERVER_URL_VARIABLE = 'BACKTALK_TEST_DATABASE_SERVER_URL';

export function testServerUrl(): string {
  const url = process.env[TEST_SERVER_URL_VARIABLE];
  if (!url) throw new Error(`${TEST_SERVER_URL_VARIABLE} is not set: is the jest global setup configured?`);
  return url;
}

/** The url of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One short-lived connection to the server's maintenance database. */
export async function withAdmin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
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
