/**
 * Idle CPU (issue 25: "no regression elsewhere"): the CPU time Backtalk's processes use while
 * nobody uses them, read from /proc/<pid>/stat (utime + stime) over a window after start-up work
 * has settled — the standalone process and its embedded PostgreSQL, and each cluster process
 * (started as system-tests' startCluster does, on the local PostgreSQL and NATS). Reported as
 * milliseconds of CPU per minute; a bare `node -e "setInterval(()=>{},1000)"` in the same run is
 * the floor.
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/idle-cpu.bench.ts \
 *     [--runs 2] [--settle-ms 60000] [--window-ms 60000] [--no-cluster] [--no-standalone]
 *     [--compare <label>=<another checkout's services/standalone/dist/main.js>]
 *
 * The settle time is long on purpose: V8's memory reducer collects garbage for a while after a
 * process has started, a one-off that is not idle CPU (a 20 s settle caught ~180 ms of it).
 *
 * `--compare` measures that build's standalone process too, run by run beside this one's. The
 * cluster is this tree's; to compare it, run this file from the other checkout (it needs only
 * that tree's startCluster and built services). That is why it waits for a start as memory.bench.ts
 * does rather than through newer helpers (RunningCluster.whenHealthy): an older tree has not got them.
 */
import { freePort } from '@backtalk/embedded-db';
import { createTestDatabase, TEST_SERVER_URL_VARIABLE, testNatsUrl } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { backendServices, startCluster } from '../src/processes';
import { cpuSeconds } from './chat/lib';
import {
  baseEnv,
  descendants,
  freshDataDir,
  httpStatus,
  pollFor200,
  removeDir,
  repoRoot,
  spawnTracked,
  stopProcess,
} from './lib/proc';
import { argNumber, fmt, median, progress, sleep, table } from './lib/stats';

const RUNS = argNumber('runs', 2);
const SETTLE_MS = argNumber('settle-ms', 60_000);
const WINDOW_MS = argNumber('window-ms', 60_000);
const STANDALONE = path.join(repoRoot, 'services/standalone/dist/main.js');
const COMPARED = process.argv.flatMap((arg, i) => {
  if (arg !== '--compare') return [];
  const [label, entry] = (process.argv[i + 1] ?? '').split(/=(.*)/s);
  if (!label || !entry) throw new Error('--compare needs <label>=<path to services/standalone/dist/main.js>');
  return [{ label, entry: path.resolve(entry) }];
});

/** utime + stime of a process in ms (0 once it is gone). */
const cpuMs = (pid: number): number => cpuSeconds(pid) * 1000;

/** CPU ms per minute each of `groups` (pids read at the start and again at the end) used over the window. */
async function idleWindow(groups: Record<string, () => number[]>): Promise<Record<string, number>> {
  const before = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((pid) => [pid, cpuMs(pid)]))]),
  );
  await sleep(WINDOW_MS);
  const perMinute = 60_000 / WINDOW_MS;
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => {
      // Only processes alive at both ends: one that started during the window has no "before".
      let used = 0;
      for (const pid of pids()) {
        const start = before[name]?.get(pid);
        if (start !== undefined) used += cpuMs(pid) - start;
      }
      return [name, used * perMinute];
    }),
  );
}

async function bareNode(): Promise<number> {
  const tracked = spawnTracked(process.execPath, ['-e', 'setInterval(()=>{},1000)'], baseEnv());
  await sleep(2000);
  const pid = tracked.child.pid as number;
  const { node } = await idleWindow({ node: () => [pid] });
  await stopProcess(tracked);
  return node as number;
}

async function standalone(entry: string): Promise<{ node: number; postgres: number }> {
  const dataDir = freshDataDir('idle-cpu');
  const port = await freePort();
  const tracked = spawnTracked(process.execPath, [entry], {
    ...baseEnv(),
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(port),
  });
  try {
    await pollFor200(`http://127.0.0.1:${port}/api/health`, tracked, 20, 120_000);
    await sleep(SETTLE_MS);
    const pid = tracked.child.pid as number;
    const used = await idleWindow({ node: () => [pid], postgres: () => descendants(pid) });
    return { node: used.node as number, postgres: used.postgres as number };
  } finally {
    await stopProcess(tracked);
    removeDir(dataDir);
  }
}

async function cluster(): Promise<Record<string, number>> {
  process.env[TEST_SERVER_URL_VARIABLE] ??=
    process.env.TEST_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase('bench_idle_cpu');
  const running = await startCluster({
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_PREFIX: `benchidle${randomBytes(4).toString('hex')}.`,
    HOME: process.env.HOME ?? '',
  });
  try {
    const deadline = Date.now() + 120_000;
    while ((await httpStatus(`${running.gatewayUrl}/api/health`)) !== 200) {
      if (Date.now() > deadline)
        throw new Error(`cluster did not report healthy:\n${running.output.slice(-40).join('\n')}`);
      await sleep(20);
    }
    await sleep(SETTLE_MS);
    const names = ['gateway', ...backendServices];
    const pidOf = (name: string) => {
      const pid = running.supervisor.process(name)?.pid;
      if (pid === undefined)
        throw new Error(`${name} is not running:\n${running.output.slice(-40).join('\n')}`);
      return pid;
    };
    return await idleWindow(Object.fromEntries(names.map((name) => [name, () => [pidOf(name)]])));
  } finally {
    await running.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const builds = [{ label: 'this build', entry: STANDALONE }, ...COMPARED];
  const bare: number[] = [];
  const single = new Map<string, { node: number; postgres: number }[]>(builds.map((b) => [b.label, []]));
  const clustered: Record<string, number>[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    bare.push(await bareNode());
    for (const build of process.argv.includes('--no-standalone') ? [] : builds) {
      const used = await standalone(build.entry);
      single.get(build.label)?.push(used);
      progress(
        `idle CPU run ${run}/${RUNS}: standalone ${build.label} ${fmt(used.node)} ms/min (+ PostgreSQL ${fmt(used.postgres)})`,
      );
    }
    if (!process.argv.includes('--no-cluster')) {
      clustered.push(await cluster());
      progress(`idle CPU run ${run}/${RUNS}: cluster ${JSON.stringify(clustered.at(-1))}`);
    }
  }
  const lines = [
    `Date: ${started.toISOString()} · ${RUNS} runs · settle ${SETTLE_MS} ms after the first 200, then a ${WINDOW_MS} ms window · median (min – max), CPU ms per minute idle`,
    '',
    table(
      ['process', 'CPU ms per minute idle'],
      [
        ['bare node (setInterval 1 s)', spread(bare)],
        ...builds.flatMap((build) => {
          const runs = single.get(build.label) ?? [];
          return [
            [`standalone, ${build.label}: the node process`, spread(runs.map((r) => r.node))],
            [`standalone, ${build.label}: embedded PostgreSQL`, spread(runs.map((r) => r.postgres))],
          ];
        }),
        ...(clustered.length
          ? Object.keys(clustered[0] as Record<string, number>).map((name) => [
              `cluster: ${name}`,
              spread(clustered.map((r) => r[name] as number)),
            ])
          : []),
      ],
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function spread(values: number[]): string {
  if (!values.length) return 'n/a';
  return `${fmt(median(values))} (${fmt(Math.min(...values))} – ${fmt(Math.max(...values))})`;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
