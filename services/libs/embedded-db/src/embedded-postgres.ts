import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabaseOptions {
  /** Folder for the cluster's files; reused on the next start. */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  database: string;
  onLog?: (line: string) => void;
  /** One line for the user when the cluster runs somewhere other than `dataDir` (root in a private folder). */
  onNotice?: (line: string) => void;
  /** Where binaries and data are staged for the `postgres` user when running as root. */
  stagingRoot?: string;
  /** A `native` folder (bin/, lib/, share/) to use instead of the installed platform package's. */
  binariesDir?: string;
  /**
   * When a server already runs on this data folder (a Backtalk started earlier), use it instead of
   * failing; `stop()` then leaves it running. For operator commands run beside a running app.
   */
  joinRunning?: boolean;
}

export interface RunningDatabase {
  url: string;
  port: number;
  /** Where the cluster's files really are (differs from the requested folder when staged). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Every failure to start the embedded database ends as one of these, with a message a user can act on. */
export class EmbeddedDatabaseError extends Error {}
/** Kept for callers that single out an unusable data folder. */
export class DataDirUnreachableError extends EmbeddedDatabaseError {}

const USER = 'backtalk';
const PASSWORD = 'backtalk';
const DEFAULT_STAGING_ROOT = '/var/lib/backtalk/embedded-postgres';
const READY_TEXT = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

interface Binaries {
  /** The `native` folder holding bin/, lib/ and share/. */
  dir: string;
  version: string;
}

interface SystemUser {
  uid: number;
  gid: number;
  name: string;
}

/**
 * Real PostgreSQL binaries (shipped by the embedded-postgres platform package)
 * run as a child process: initialised on first use, reused afterwards, stopped
 * cleanly. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user; when that user cannot reach the binaries or the data
 * folder (a checkout under /root, or any mode-700 folder), both are staged
 * under a folder it can reach, and one notice line says where.
 */
export async function startEmbeddedPostgres(options: EmbeddedDatabaseOptions): Promise<RunningDatabase> {
  const port = options.port || (await freePort());
  const binaries = options.binariesDir ? binariesIn(options.binariesDir) : await locateBinaries();
  const runAs = isRoot() ? postgresSystemUser() : undefined;
  let binDir = binaries.dir;
  let dataDir = path.resolve(options.dataDir);
  if (runAs) {
    const stagingRoot = options.stagingRoot ?? DEFAULT_STAGING_ROOT;
    const staged: string[] = [];
    if (!reachableByOthers(binDir)) {
      binDir = stageBinaries(binaries, stagingRoot);
      staged.push(`its binaries in ${binDir}`);
    }
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    if (!reachableByOthers(path.dirname(dataDir))) {
      dataDir = stagedDataDir(dataDir, stagingRoot);
      staged.push(`the data for ${path.resolve(options.dataDir)} in ${dataDir}`);
    }
    if (staged.length > 0) {
      options.onNotice?.(
        `PostgreSQL runs as the "postgres" user, which cannot enter this folder, so it keeps ${staged.join(' and ')}`,
      );
    }
  }
  const log = options.onLog ?? (() => undefined);
  if (options.joinRunning) {
    removeStalePidFile(dataDir);
    const runningPort = portOfRunningServer(dataDir);
    if (runningPort) {
      await ensureDatabase(options.database, runningPort);
      const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${runningPort}/${options.database}`;
      return { url, port: runningPort, dataDir, stop: async () => undefined };
    }
  } else {
    await stopLeftoverServer(dataDir, options.onNotice);
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binDir, dataDir, runAs, log);
  claimDataDir(dataDir);
  const server = await startServer(binDir, dataDir, port, runAs, log).catch((error: unknown) => {
    releaseDataDir(dataDir);
    throw error;
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    releaseDataDir(dataDir);
  };
  try {
    await ensureDatabase(options.database, port);
  } catch (error) {
    await stop();
    throw new EmbeddedDatabaseError(`PostgreSQL started but could not be used: ${errorText(error)}`);
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`;
  return { url, port, dataDir, stop };
}

async function locateBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let initdb: string;
  try {
    ({ initdb } = (await import(name)) as { initdb: string });
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}: ${errorText(error)}). Run "npm install" again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  return binariesIn(path.dirname(path.dirname(initdb)));
}

function binariesIn(dir: string): Binaries {
  if (!fs.existsSync(path.join(dir, 'bin', 'postgres'))) {
    throw new EmbeddedDatabaseError(`No PostgreSQL binaries in ${dir} (bin/postgres is missing).`);
  }
  const version = createHash('sha256').update(fs.realpathSync(dir)).digest('hex').slice(0, 12);
  return { dir, version };
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The `postgres` system user, created the way Debian's package does if the machine lacks it. */
function postgresSystemUser(): SystemUser {
  const found = readPasswdEntry('postgres');
  if (found) return found;
  const created = runQuietly('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  const user = readPasswdEntry('postgres');
  if (!user) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL cannot run as root and there is no "postgres" user to run it as (useradd: ${created}). Create one, or run Backtalk as an ordinary user.`,
    );
  }
  return user;
}

function readPasswdEntry(name: string): SystemUser | undefined {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

function runQuietly(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.error ? result.error.message : (result.stderr || `exit ${result.status}`).trim();
}

/** Whether every folder from the root down to `dir` lets other users pass (o+x). */
function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    if (!fs.existsSync(current) || (fs.statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** Copies the binaries once per installed copy, atomically, into a root-owned folder anyone can enter. */
function stageBinaries(binaries: Binaries, stagingRoot: string): string {
  const target = path.join(stagingRoot, `bin-${binaries.version}`);
  if (fs.existsSync(path.join(target, 'bin', 'postgres'))) return target;
  try {
    makeEnterable(stagingRoot);
    const partial = `${target}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(binaries.dir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, target);
    } catch (error) {
      // Another process staged the same copy first.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw error;
    }
    return target;
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `Could not copy the PostgreSQL binaries to ${target} for the "postgres" user (${errorText(error)}). Move the checkout to a folder other users can enter, or set DATABASE_URL.`,
    );
  }
}

/** A data folder per requested folder, so two checkouts never share a cluster. */
function stagedDataDir(requested: string, stagingRoot: string): string {
  const real = path.join(fs.realpathSync(path.dirname(requested)), path.basename(requested));
  const key = createHash('sha256').update(real).digest('hex').slice(0, 16);
  const target = path.join(stagingRoot, `data-${key}`);
  try {
    makeEnterable(stagingRoot);
  } catch (error) {
    throw new DataDirUnreachableError(
      `PostgreSQL runs as the "postgres" user, which cannot enter ${path.dirname(requested)}, and its data could not be kept in ${target} either (${errorText(error)}). Choose a data folder other users can enter (BACKTALK_DATA_DIR).`,
    );
  }
  return target;
}

/** Creates the staging folder (and its parent, e.g. /var/lib/backtalk) so other users may enter it. */
function makeEnterable(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const folder of [path.dirname(dir), dir]) {
    const mode = fs.statSync(folder).mode;
    if ((mode & 0o005) !== 0o005) fs.chmodSync(folder, mode | 0o005);
  }
}

async function initialise(
  binDir: string,
  dataDir: string,
  runAs: SystemUser | undefined,
  log: (line: string) => void,
) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Beside the data folder: a place the postgres user is known to reach.
  const passwordFile = path.join(path.dirname(dataDir), `.pwfile-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      fs.chownSync(dataDir, runAs.uid, runAs.gid);
      fs.chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=password',
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
    ];
    await runToCompletion(path.join(binDir, 'bin', 'initdb'), args, runAs, log);
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `Could not create the PostgreSQL cluster in ${dataDir}: ${errorText(error)}`,
    );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function runToCompletion(
  file: string,
  args: string[],
  runAs: SystemUser | undefined,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids(runAs), env: postgresEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      log(chunk.toString('utf8'));
    });
    child.on('error', (error) => reject(new Error(`${path.basename(file)} could not run: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

interface Server {
  stop(): Promise<void>;
}

/**
 * The watchdog PostgreSQL runs under (`sh -c WATCHDOG watchdog <postgres> <args>`): it says the
 * server's pid on stdout, then reads its stdin — a pipe whose other end only this Node process
 * holds — until end of file, and then asks the server for a fast shutdown (SIGINT, as `pg_ctl
 * stop -m fast`). The pipe ends however this process ends, a SIGKILL or an OOM kill included
 * (Node has no PR_SET_PDEATHSIG), so the server never outlives Backtalk for long; it exits with
 * the server. A watchdog killed as well leaves an orphan, which the next start stops
 * (stopLeftoverServer).
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null >/dev/null 3<&- &',
  'server=$!',
  'echo "$server"',
  '{ while read -r _ <&3; do :; done; kill -INT "$server" 2>/dev/null; } &',
  'watcher=$!',
  'wait "$server"',
  'code=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$code"',
].join('\n');

function startServer(
  binDir: string,
  dataDir: string,
  port: number,
  runAs: SystemUser | undefined,
  log: (line: string) => void,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const postgres = path.join(binDir, 'bin', 'postgres');
    const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', ''];
    const child = spawn('/bin/sh', ['-c', WATCHDOG, 'watchdog', postgres, ...args], {
      ...ids(runAs),
      env: postgresEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.on('error', () => undefined);
    let serverPid: number | undefined;
    child.stdout.once('data', (chunk: Buffer) => (serverPid = Number.parseInt(chunk.toString('utf8'), 10)));
    let ready = false;
    let output = '';
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    const kill = (signal: NodeJS.Signals): void => {
      if (serverPid) signalQuietly(serverPid, signal);
      child.stdin.end();
    };
    const fail = (reason: string): void => {
      clearTimeout(timer);
      kill('SIGKILL');
      reject(new EmbeddedDatabaseError(`PostgreSQL did not start (data in ${dataDir}): ${reason}`));
    };
    const timer = setTimeout(
      () => fail(`not ready after ${START_TIMEOUT_MS / 1000} s. ${output.trim()}`),
      START_TIMEOUT_MS,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (ready) return;
      output = (output + text).slice(-4000);
      if (!output.includes(READY_TEXT)) return;
      ready = true;
      clearTimeout(timer);
      resolve({
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          kill('SIGINT');
          const killer = setTimeout(() => kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(killer);
        },
      });
    });
    child.on('error', (error) => fail(`${error.message}`));
    child.on('close', (code, signal) => {
      if (!ready) fail(`it exited (${signal ?? `exit ${code}`}). ${output.trim()}`);
    });
  });
}

function ids(runAs: SystemUser | undefined): { uid?: number; gid?: number } {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
}

/** English messages, so readiness can be read from the log whatever the user's locale. */
function postgresEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', LANG: 'C' };
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

/**
 * A crash leaves postmaster.pid behind; PostgreSQL will not start while the pid it names is
 * alive, even when that pid now belongs to another program (pids are reused, soon in a
 * container). Returns the pid of the server still running on `dataDir`, if one is.
 */
function removeStalePidFile(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isServerOf(pid, dataDir)) return pid;
  fs.rmSync(pidFile, { force: true });
  return undefined;
}

/**
 * Makes the data folder free for a new server: a server the previous Backtalk left running when
 * it was killed (and its watchdog with it) gets a fast shutdown (SIGINT, as `pg_ctl stop -m
 * fast`), then an immediate one (SIGQUIT), then SIGKILL, each after a wait. A server whose
 * Backtalk still runs is left alone, and the start fails saying so. As root the server runs as
 * `postgres`, which root may signal.
 */
async function stopLeftoverServer(dataDir: string, notify?: (line: string) => void): Promise<void> {
  const pid = removeStalePidFile(dataDir);
  if (pid === undefined) return;
  const owner = liveOwnerOf(dataDir);
  if (owner !== undefined) {
    throw new EmbeddedDatabaseError(
      `Backtalk (process ${owner}) is already running on the data folder ${dataDir}. Stop it first, or choose another data folder (BACKTALK_DATA_DIR).`,
    );
  }
  notify?.(`Stopping the PostgreSQL server (pid ${pid}) that a Backtalk which did not stop left running.`);
  for (const [signal, waitMs] of LEFTOVER_STOP_STEPS) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') break;
      throw new EmbeddedDatabaseError(
        `PostgreSQL (pid ${pid}) still runs on ${dataDir} and could not be stopped (${errorText(error)}). Stop it, then start Backtalk again.`,
      );
    }
    if (await exitsWithin(pid, waitMs)) break;
  }
  if (isAlive(pid)) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL (pid ${pid}) on ${dataDir} did not stop. Stop it, then start Backtalk again.`,
    );
  }
  fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
}

const LEFTOVER_STOP_STEPS: [NodeJS.Signals, number][] = [
  ['SIGINT', STOP_TIMEOUT_MS],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
];

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Whether `pid` is a postmaster started (by us) on `dataDir`, not another program with a reused pid. */
function isServerOf(pid: number, dataDir: string): boolean {
  const command = commandLineOf(pid);
  if (command === undefined) return true; // cannot tell: PostgreSQL's own check decides
  return command.includes(`/postgres -D ${dataDir} `);
}

/** A process's command line, its arguments joined by spaces: /proc on Linux, ps elsewhere. */
function commandLineOf(pid: number): string | undefined {
  if (fs.existsSync('/proc/self/cmdline')) {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      return '';
    }
  }
  const ps = spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.error ? undefined : ps.stdout.trim();
}

/**
 * The Backtalk that runs a server lists itself beside the data folder (pid and command line), so
 * the next start tells a server it must not touch from one a killed Backtalk left behind.
 */
function ownerFileOf(dataDir: string): string {
  return `${dataDir}.owner`;
}

function claimDataDir(dataDir: string): void {
  fs.writeFileSync(ownerFileOf(dataDir), `${process.pid}\n${commandLineOf(process.pid) ?? ''}\n`);
}

function releaseDataDir(dataDir: string): void {
  const owner = readOwner(dataDir);
  if (owner?.pid === process.pid) fs.rmSync(ownerFileOf(dataDir), { force: true });
}

function readOwner(dataDir: string): { pid: number; command: string } | undefined {
  const file = ownerFileOf(dataDir);
  if (!fs.existsSync(file)) return undefined;
  const [pid, command = ''] = fs.readFileSync(file, 'utf8').split('\n');
  return { pid: Number(pid), command };
}

/** The pid of the Backtalk that claimed the data folder, while that very process still runs. */
function liveOwnerOf(dataDir: string): number | undefined {
  const owner = readOwner(dataDir);
  if (!owner || owner.pid === process.pid || !Number.isInteger(owner.pid) || !isAlive(owner.pid))
    return undefined;
  return commandLineOf(owner.pid) === owner.command ? owner.pid : undefined;
}

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** The port of the live server whose postmaster.pid is in `dataDir` (line 4 of the file). */
function portOfRunningServer(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/** Whether `pid` runs; a zombie (exited, not yet reaped by a parent that died) does not. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill's answer stands
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
