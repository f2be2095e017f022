import type { Client } from 'pg';
import { databaseUrl, withAdmin } from './test-server';

/**
 * Template databases: a database migrated once and then copied with
 * `CREATE DATABASE … TEMPLATE`, which takes a fraction of the time the
 * migrations do. Named after a hash of what they contain, so runs on one server
 * (parallel jest workers, parallel CI jobs, branches with other migrations)
 * share a template when their migrations agree and never see each other's otherwise.
 *
 * Kept free of the service kit: the jest global setup (loaded outside jest's
 * module mapping) imports it to drop stale templates.
 */
export const TEMPLATE_PREFIX = 'bt_template_';

/** Templates built longer ago than this are dropped by the global setup; the next test that needs one rebuilds it. */
export const STALE_TEMPLATE_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** "source database … is being accessed by other users" */
export const OBJECT_IN_USE = '55006';
/** "template database … does not exist" (dropped as stale by another run). */
export const INVALID_CATALOG_NAME = '3D000';

interface TemplateComment {
  builtAt: string;
}

function lockKey(template: string): string {
  return `backtalk:test-template:${template}`;
}

/**
 * Makes sure template `name` exists, building it if not: `build` gets the url of
 * a new empty database, migrates it and must close every connection it opened
 * (PostgreSQL refuses to copy a database other sessions are connected to).
 * Concurrent callers wait on an advisory lock while one of them builds.
 */
export async function ensureTemplate(
  serverUrl: string,
  name: string,
  build: (url: string) => Promise<void>,
): Promise<void> {
  if (await withAdmin(serverUrl, (admin) => isTemplate(admin, name))) return;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey(name)]);
    try {
      if (await isTemplate(admin, name)) return;
      const database = admin.escapeIdentifier(name);
      // Present but not marked as a template: its builder died half-way (it held this lock).
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${database}`);
      try {
        await build(databaseUrl(serverUrl, name));
        const comment: TemplateComment = { builtAt: new Date().toISOString() };
        await admin.query(
          `COMMENT ON DATABASE ${database} IS ${admin.escapeLiteral(JSON.stringify(comment))}`,
        );
        // No one connects to a template again, so copying it never meets "being accessed by other users".
        await admin.query(`ALTER DATABASE ${database} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
        throw error;
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(name)]);
    }
  });
}

async function isTemplate(admin: Client, name: string): Promise<boolean> {
  const { rows } = await admin.query<{ datistemplate: boolean }>(
    'SELECT datistemplate FROM pg_database WHERE datname = $1',
    [name],
  );
  return rows[0]?.datistemplate === true;
}

export interface CloneRetry {
  attempts: number;
  delayMs: number;
}

/**
 * `CREATE DATABASE name TEMPLATE source`, retried while the source has other
 * sessions (a builder's connections still closing on the server side, or a
 * test holding one to a plain source database). Each failed attempt has
 * already waited the five seconds PostgreSQL waits for them to go.
 */
export async function cloneDatabase(
  serverUrl: string,
  source: string,
  name: string,
  retry: CloneRetry = { attempts: 6, delayMs: 500 },
): Promise<void> {
  await withAdmin(serverUrl, async (admin) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(
          `CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(source)}`,
        );
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= retry.attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
      }
    }
  });
}

/**
 * Drops templates built more than `maxAgeMs` ago, and half-built ones whose
 * builder is gone. A template being built (its lock held) is left alone; a run
 * still using a dropped template rebuilds it on its next copy.
 */
export async function dropStaleTemplates(
  serverUrl: string,
  maxAgeMs = STALE_TEMPLATE_AGE_MS,
  now = new Date(),
): Promise<string[]> {
  return withAdmin(serverUrl, async (admin) => {
    const stale = async (): Promise<string[]> => {
      const { rows } = await admin.query<{ datname: string; datistemplate: boolean; comment: string | null }>(
        `SELECT datname, datistemplate, shobj_description(oid, 'pg_database') AS comment
           FROM pg_database WHERE starts_with(datname, $1)`,
        [TEMPLATE_PREFIX],
      );
      return rows
        .filter((row) => {
          const builtAt = row.datistemplate ? builtAtOf(row.comment) : null;
          return builtAt === null || now.getTime() - builtAt.getTime() > maxAgeMs;
        })
        .map((row) => row.datname);
    };
    const dropped: string[] = [];
    for (const name of await stale()) {
      const { rows } = await admin.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [lockKey(name)],
      );
      if (!rows[0]?.locked) continue;
      try {
        // Looked at again under the lock: a builder may have finished in between.
        if (!(await stale()).includes(name)) continue;
        const database = admin.escapeIdentifier(name);
        await admin.query(`ALTER DATABASE ${database} WITH IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        dropped.push(name);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(name)]);
      }
    }
    return dropped;
  });
}

function builtAtOf(comment: string | null): Date | null {
  try {
    const builtAt = new Date((JSON.parse(comment ?? '') as Partial<TemplateComment>).builtAt ?? '');
    return Number.isNaN(builtAt.getTime()) ? null : builtAt;
  } catch {
    return null;
  }
}
