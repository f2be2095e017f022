/**
 * Standalone start to the first 200 on /api/health: cold (fresh
 * BACKTALK_DATA_DIR, so initdb runs) and warm (same data folder), against a
 * bare `node -e` HTTP server measured in the same run, interleaved run by run
 * (baseline, cold, warm, baseline, cold, warm, ...) so drift on a noisy machine
 * hits all three alike. Run from the repository root after `npm run build`:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/startup.bench.ts [--runs 5]
 */
import { freePort } from '@backtalk/embedded-db';
import path from 'node:path';
import {
  baseEnv,
  freshDataDir,
  pollFor200,
  processesMentioning,
  removeDir,
  repoRoot,
  spawnTracked,
  stopProcess,
  writeJsonResult,
} from './lib/proc';
import { argNumber, fmt, progress, ratio, summarize, table, type Summary } from './lib/stats';

const POLL_MS = 20;
const BARE_SERVER = "require('http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')";
const STANDALONE = path.join(repoRoot, 'services/standalone/dist/main.js');

interface StartResult {
  startMs: number;
  /** Process start → the launcher's "Starting PostgreSQL" line: Node boot and loading every service's code. */
  loadedMs?: number;
  stopMs: number;
}

async function timeStart(
  args: string[],
  env: Record<string, string | undefined>,
  urlPath: string,
): Promise<StartResult> {
  const port = await freePort();
  const started = performance.now();
  const tracked = spawnTracked(
    process.execPath,
    args,
    { ...env, PORT: String(port) },
    { loaded: /Starting PostgreSQL/ },
  );
  try {
    const firstOk = await pollFor200(`http://127.0.0.1:${port}${urlPath}`, tracked, POLL_MS, 120_000);
    const startMs = firstOk - started;
    const stopMs = await stopProcess(tracked);
    const { code, signal } = await tracked.exited;
    if (code !== 0 && signal !== 'SIGTERM')
      throw new Error(`exited with ${signal ?? code} on SIGTERM:\n${tracked.tail()}`);
    const loadedMs = tracked.marks.loaded === undefined ? undefined : tracked.marks.loaded - started;
    return { startMs, loadedMs, stopMs };
  } catch (error) {
    tracked.child.kill('SIGKILL');
    throw error;
  }
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 7);
  const baseline: number[] = [];
  const cold: StartResult[] = [];
  const warm: StartResult[] = [];
  for (let run = 1; run <= runs; run += 1) {
    baseline.push((await timeStart(['-e', BARE_SERVER], baseEnv(), '/')).startMs);
    const dataDir = freshDataDir('startup');
    try {
      const env = { ...baseEnv(), BACKTALK_DATA_DIR: dataDir };
      cold.push(await timeStart([STANDALONE], env, '/api/health'));
      warm.push(await timeStart([STANDALONE], env, '/api/health'));
      const leftovers = processesMentioning(dataDir);
      if (leftovers.length > 0)
        throw new Error(`processes left running on ${dataDir}: ${leftovers.join(', ')}`);
    } finally {
      removeDir(dataDir);
    }
    progress(
      `startup run ${run}/${runs}: bare node ${fmt(baseline.at(-1) as number)} ms, cold ${fmt(cold.at(-1)?.startMs as number)} ms, warm ${fmt(warm.at(-1)?.startMs as number)} ms`,
    );
  }

  const result = {
    runs,
    pollMs: POLL_MS,
    baseline: summarize(baseline),
    cold: summarize(cold.map((r) => r.startMs)),
    warm: summarize(warm.map((r) => r.startMs)),
    coldStop: summarize(cold.map((r) => r.stopMs)),
    warmStop: summarize(warm.map((r) => r.stopMs)),
    coldLoaded: summarize(cold.map((r) => r.loadedMs ?? Number.NaN)),
    warmLoaded: summarize(warm.map((r) => r.loadedMs ?? Number.NaN)),
  };
  writeJsonResult(result);

  const row = (label: string, s: Summary): string[] => [
    label,
    String(s.n),
    fmt(s.median, 0),
    `${fmt(s.min, 0)} – ${fmt(s.max, 0)}`,
    ratio(s.median, result.baseline.median),
  ];
  process.stdout.write(
    `${table(
      ['process start → first 200', 'runs', 'median ms', 'min – max ms', 'vs bare node (median)'],
      [
        row('bare `node -e` HTTP server (baseline)', result.baseline),
        row('standalone, cold (fresh data dir: initdb + migrations + demo data)', result.cold),
        row('standalone, warm restart (same data dir)', result.warm),
      ],
    )}\n\n` +
      `Of which process start → the launcher's "Starting PostgreSQL" line (Node boot + loading all service code): ` +
      `cold median ${fmt(result.coldLoaded.median, 0)} ms, warm median ${fmt(result.warmLoaded.median, 0)} ms; ` +
      `the rest is PostgreSQL (initdb when cold, start), the seven Nest applications, migrations and demo data.\n\n` +
      `Shutdown (SIGTERM → exit, PostgreSQL stopped): cold run median ${fmt(result.coldStop.median, 0)} ms ` +
      `(${fmt(result.coldStop.min, 0)} – ${fmt(result.coldStop.max, 0)}), warm run median ${fmt(result.warmStop.median, 0)} ms ` +
      `(${fmt(result.warmStop.min, 0)} – ${fmt(result.warmStop.max, 0)}).\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`startup benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
