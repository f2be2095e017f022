/**
 * Standalone start to the first 200 on /api/health: cold (fresh
 * BACKTALK_DATA_DIR, so initdb runs) and warm (same data folder), against a
 * bare `node -e` HTTP server measured in the same run, interleaved run by run
 * (baseline, cold, warm, baseline, cold, warm, ...) so drift on a noisy machine
 * hits all three alike. Run from the repository root after `npm run build`:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/startup.bench.ts [--runs 5]
 *
 * `--compare <label>=<path to another checkout's services/standalone/dist/main.js>`
 * (repeatable) starts that build too, cold and warm on its own data folder, in
 * the same rounds: an earlier commit measured beside this one is a baseline
 * that, unlike bare node, does the same work and slows down alike when the
 * machine is busy.
 */
import { freePort } from '@backtalk/embedded-db';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

interface Compared {
  label: string;
  entry: string;
  cold: StartResult[];
  warm: StartResult[];
}

/** `--compare label=path` arguments, in order. */
function comparedBuilds(): Compared[] {
  const compared: Compared[] = [];
  process.argv.forEach((arg, i) => {
    if (arg !== '--compare') return;
    const [label, entry] = (process.argv[i + 1] ?? '').split(/=(.*)/s);
    if (!label || !entry)
      throw new Error('--compare needs <label>=<path to services/standalone/dist/main.js>');
    compared.push({ label, entry: path.resolve(entry), cold: [], warm: [] });
  });
  return compared;
}

interface StartResult {
  startMs: number;
  /** Process start → the launcher's "Starting PostgreSQL" line: Node boot and loading every service's code. */
  loadedMs?: number;
  /** CPU time (user + system) the Node process had used at its first 200; PostgreSQL's processes not included. */
  cpuMs?: number;
  stopMs: number;
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** From /proc (Linux); undefined elsewhere. Ten-millisecond resolution at the usual 100 ticks per second. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
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
    const cpuMs = cpuMsOf(tracked.child.pid);
    const stopMs = await stopProcess(tracked);
    const { code, signal } = await tracked.exited;
    if (code !== 0 && signal !== 'SIGTERM')
      throw new Error(`exited with ${signal ?? code} on SIGTERM:\n${tracked.tail()}`);
    const loadedMs = tracked.marks.loaded === undefined ? undefined : tracked.marks.loaded - started;
    return { startMs, loadedMs, cpuMs, stopMs };
  } catch (error) {
    tracked.child.kill('SIGKILL');
    throw error;
  }
}

/** A ratio to two decimals: builds of one product differ by a few per cent. */
function times(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 7);
  const baseline: number[] = [];
  const cold: StartResult[] = [];
  const warm: StartResult[] = [];
  const compared = comparedBuilds();
  const coldAndWarm = async (entry: string, into: { cold: StartResult[]; warm: StartResult[] }) => {
    const dataDir = freshDataDir('startup');
    try {
      const env = { ...baseEnv(), BACKTALK_DATA_DIR: dataDir };
      into.cold.push(await timeStart([entry], env, '/api/health'));
      into.warm.push(await timeStart([entry], env, '/api/health'));
      const leftovers = processesMentioning(dataDir);
      if (leftovers.length > 0)
        throw new Error(`processes left running on ${dataDir}: ${leftovers.join(', ')}`);
    } finally {
      removeDir(dataDir);
    }
  };
  for (let run = 1; run <= runs; run += 1) {
    baseline.push((await timeStart(['-e', BARE_SERVER], baseEnv(), '/')).startMs);
    // This build and the compared ones take turns going first, so drift hits them alike.
    const builds = [
      { entry: STANDALONE, into: { cold, warm } },
      ...compared.map((c) => ({ entry: c.entry, into: c })),
    ];
    const shift = (run - 1) % builds.length;
    for (const build of [...builds.slice(shift), ...builds.slice(0, shift)])
      await coldAndWarm(build.entry, build.into);
    progress(
      `startup run ${run}/${runs}: bare node ${fmt(baseline.at(-1) as number)} ms, cold ${fmt(cold.at(-1)?.startMs as number)} ms, warm ${fmt(warm.at(-1)?.startMs as number)} ms` +
        compared
          .map(
            (c) =>
              `; ${c.label} cold ${fmt(c.cold.at(-1)!.startMs)} ms, warm ${fmt(c.warm.at(-1)!.startMs)} ms`,
          )
          .join(''),
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
    warmCpu: summarize(warm.map((r) => r.cpuMs ?? Number.NaN)),
    compared: compared.map((c) => ({
      label: c.label,
      entry: c.entry,
      cold: summarize(c.cold.map((r) => r.startMs)),
      warm: summarize(c.warm.map((r) => r.startMs)),
      coldLoaded: summarize(c.cold.map((r) => r.loadedMs ?? Number.NaN)),
      warmLoaded: summarize(c.warm.map((r) => r.loadedMs ?? Number.NaN)),
      warmCpu: summarize(c.warm.map((r) => r.cpuMs ?? Number.NaN)),
    })),
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
        ...result.compared.flatMap((c) => [
          row(`${c.label}: standalone, cold`, c.cold),
          row(`${c.label}: standalone, warm restart`, c.warm),
        ]),
      ],
    )}\n\n` +
      result.compared
        .map(
          (c) =>
            `This build against ${c.label} (\`${c.entry}\`), same rounds: warm restart ${times(result.warm.median, c.warm.median)} ` +
            `(${fmt(result.warm.median, 0)} / ${fmt(c.warm.median, 0)} ms), cold ${times(result.cold.median, c.cold.median)}; ` +
            `CPU of the Node process up to its first 200 when warm ${times(result.warmCpu.median, c.warmCpu.median)} ` +
            `(${fmt(result.warmCpu.median, 0)} / ${fmt(c.warmCpu.median, 0)} ms); its process start → "Starting PostgreSQL": ` +
            `cold ${fmt(c.coldLoaded.median, 0)} ms, warm ${fmt(c.warmLoaded.median, 0)} ms.\n\n`,
        )
        .join('') +
      `Of which process start → the launcher's "Starting PostgreSQL" line (Node boot + loading all service code): ` +
      `cold median ${fmt(result.coldLoaded.median, 0)} ms, warm median ${fmt(result.warmLoaded.median, 0)} ms; ` +
      `CPU of the Node process up to its first 200 when warm: median ${fmt(result.warmCpu.median, 0)} ms; ` +
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
