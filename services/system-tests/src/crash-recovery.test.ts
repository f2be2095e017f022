import { freePort } from '@backtalk/embedded-db';
import { waitFor } from '@backtalk/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, spawnNode, type SpawnedProcess } from './processes';

const TEST_MODEL = path.resolve(repoRoot, '../shared/models/stories260K.gguf');
const offline = { LLM_MODEL: TEST_MODEL, EMBEDDINGS_PROVIDER: 'none', LLM_THREADS: '1', LOG_LEVEL: 'warn' };
const entry = 'services/standalone/dist/main.js';

/** The pid of the PostgreSQL server that runs on `dataDir` (line 1 of its postmaster.pid), if any. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
}

/** Whether a process runs (a zombie, exited but not reaped, does not). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => {
      try {
        return parentOf(child) === pid;
      } catch {
        return false; // gone meanwhile
      }
    });
}

async function startBacktalk(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedProcess> {
  const app = spawnNode(entry, {
    ...offline,
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    ...env,
  });
  const [, url] = await app.waitForOutput(/Backtalk is ready at (http:\/\/\S+)/, 120_000);
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
  return app;
}

async function killHard(app: SpawnedProcess): Promise<void> {
  app.child.kill('SIGKILL');
  await app.exited;
}

async function stopCleanly(app: SpawnedProcess): Promise<void> {
  app.child.kill('SIGINT');
  expect((await app.exited).code).toBe(0);
}

/**
 * Issue 21 item 2: a standalone Backtalk killed with SIGKILL (an OOM kill, a power loss) starts
 * again on the same data folder by itself.
 */
describe('standalone mode survives a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-crash-'));
  // mkdtemp makes a private folder; embedded PostgreSQL runs as `postgres` when the tests run as root.
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('its embedded PostgreSQL stops when Backtalk is killed, and the next start succeeds', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    expect(alive(postgres)).toBe(true);
    await killHard(first);
    await waitFor(() => (alive(postgres) ? undefined : true), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: `the orphaned PostgreSQL (pid ${postgres}) to stop`,
    });
    await stopCleanly(await startBacktalk(dataDir));
  });

  it('a PostgreSQL left running on the data folder (its watchdog killed too) is stopped by the next start', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    // Everything of Backtalk's but the server itself dies at once: its watchdog too.
    const watchdog = parentOf(postgres);
    if (watchdog !== first.child.pid) {
      for (const pid of [watchdog, ...childrenOf(watchdog).filter((pid) => pid !== postgres)])
        process.kill(pid, 'SIGKILL');
    }
    await killHard(first);
    expect(alive(postgres)).toBe(true);

    const second = await startBacktalk(dataDir);
    expect(alive(postgres)).toBe(false);
    await stopCleanly(second);
  });

  it('a second Backtalk on the data folder of a running one says so and leaves it running', async () => {
    const first = await startBacktalk(dataDir);
    const postgres = postmasterPid(dataDir)!;
    const second = spawnNode(entry, {
      ...offline,
      BACKTALK_DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `Backtalk could not start: Backtalk (process ${first.child.pid}) is already running on the data folder`,
    );
    expect(alive(postgres)).toBe(true);
    await stopCleanly(first);
  });
});
