/**
 * Idle memory: VmRSS (and the peak, VmHWM) read from /proc/<pid>/status
 * after 5 s idle, for
 *  - a bare `node -e "setInterval(()=>{},1000)"` (the baseline, same run),
 *  - the standalone process (fresh data folder), read after its first 200
 *    on /api/health; its embedded PostgreSQL processes are reported apart,
 *  - each of the seven cluster processes, started as system-tests'
 *    startCluster does (random NATS_SUBJECT_PREFIX, a fresh database on the
 *    local PostgreSQL), read after the gateway's first 200 on /api/health.
 * Run from the repository root after `npm run build`:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/memory.bench.ts [--runs 3] [--idle-ms 5000]
 */
import { freePort } from '@backtalk/embedded-db';
import { createTestDatabase, TEST_SERVER_URL_VARIABLE, testNatsUrl } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { backendServices, startCluster } from '../src/processes';
import {
  baseEnv,
  descendants,
  freshDataDir,
  httpStatus,
  pollFor200,
  readMemory,
  removeDir,
  repoRoot,
  spawnTracked,
  stopProcess,
  totalMemory,
  writeJsonResult,
  type MemoryStatus,
} from './lib/proc';
import { argNumber, fmt, median, progress, ratio, sleep, table } from './lib/stats';

const STANDALONE = path.join(repoRoot, 'services/standalone/dist/main.js');
const clusterProcesses = ['gateway', ...backendServices];

async function bareNode(idleMs: number): Promise<MemoryStatus> {
  const tracked = spawnTracked(process.execPath, ['-e', 'setInterval(()=>{},1000)'], baseEnv());
  await sleep(idleMs);
  const memory = readMemory(tracked.child.pid as number);
  await stopProcess(tracked);
  return memory;
}

interface StandaloneMemory extends MemoryStatus {
  postgresRssMiB: number;
  postgresPssMiB: number;
  postgresProcesses: number;
}

async function standalone(idleMs: number): Promise<StandaloneMemory> {
  const dataDir = freshDataDir('memory');
  const port = await freePort();
  const tracked = spawnTracked(process.execPath, [STANDALONE], {
    ...baseEnv(),
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(port),
  });
  try {
    await pollFor200(`http://127.0.0.1:${port}/api/health`, tracked, 20, 120_000);
    await sleep(idleMs);
    const pid = tracked.child.pid as number;
    const memory = readMemory(pid);
    const postgres = descendants(pid);
    const postgresMemory = totalMemory(postgres);
    return {
      ...memory,
      postgresRssMiB: postgresMemory.rssMiB,
      postgresPssMiB: postgresMemory.pssMiB,
      postgresProcesses: postgres.length,
    };
  } finally {
    await stopProcess(tracked);
    removeDir(dataDir);
  }
}

interface ClusterMemory {
  /** startCluster() → the gateway's first 200 on /api/health (fresh database: every migration runs). */
  startMs: number;
  processes: Record<string, MemoryStatus>;
}

async function cluster(idleMs: number): Promise<ClusterMemory> {
  process.env[TEST_SERVER_URL_VARIABLE] ??=
    process.env.TEST_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase('bench_cluster');
  const prefix = `bench${randomBytes(4).toString('hex')}.`;
  const started = performance.now();
  const running = await startCluster({
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_PREFIX: prefix,
    HOME: process.env.HOME ?? '',
  });
  try {
    const deadline = Date.now() + 120_000;
    while ((await httpStatus(`${running.gatewayUrl}/api/health`)) !== 200) {
      if (Date.now() > deadline)
        throw new Error(`cluster did not report healthy:\n${running.output.slice(-40).join('\n')}`);
      await sleep(20);
    }
    const startMs = performance.now() - started;
    await sleep(idleMs);
    const memory: Record<string, MemoryStatus> = {};
    for (const name of clusterProcesses) {
      const pid = running.supervisor.process(name)?.pid;
      if (pid === undefined)
        throw new Error(`${name} is not running:\n${running.output.slice(-40).join('\n')}`);
      memory[name] = readMemory(pid);
    }
    return { startMs, processes: memory };
  } finally {
    await running.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 3);
  const idleMs = argNumber('idle-ms', 5000);
  const bare: MemoryStatus[] = [];
  const single: StandaloneMemory[] = [];
  const clustered: ClusterMemory[] = [];
  const sum = (run: ClusterMemory, field: 'rssMiB' | 'pssMiB'): number =>
    Object.values(run.processes).reduce((total, m) => total + m[field], 0);
  for (let run = 1; run <= runs; run += 1) {
    bare.push(await bareNode(idleMs));
    single.push(await standalone(idleMs));
    clustered.push(await cluster(idleMs));
    const last = clustered.at(-1) as ClusterMemory;
    progress(
      `memory run ${run}/${runs}: bare node ${fmt(bare.at(-1)?.rssMiB as number)} MiB, standalone ${fmt(single.at(-1)?.rssMiB as number)} MiB ` +
        `(+ PostgreSQL PSS ${fmt(single.at(-1)?.postgresPssMiB as number)} MiB), cluster RSS total ${fmt(sum(last, 'rssMiB'))} MiB, ` +
        `cluster start ${fmt(last.startMs, 0)} ms`,
    );
  }

  type Spread = { median: number; min: number; max: number };
  const spread = (values: number[]): Spread => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  const stats = (samples: MemoryStatus[]) => ({
    rss: spread(samples.map((m) => m.rssMiB)),
    hwm: spread(samples.map((m) => m.hwmMiB)),
    pss: spread(samples.map((m) => m.pssMiB)),
  });
  const perProcess = Object.fromEntries(
    clusterProcesses.map((name) => [name, stats(clustered.map((r) => r.processes[name] as MemoryStatus))]),
  );
  const result = {
    runs,
    idleMs,
    bare: stats(bare),
    standalone: stats(single),
    postgres: {
      rss: spread(single.map((m) => m.postgresRssMiB)),
      pss: spread(single.map((m) => m.postgresPssMiB)),
      processes: spread(single.map((m) => m.postgresProcesses)),
    },
    cluster: perProcess,
    clusterTotal: {
      rss: spread(clustered.map((r) => sum(r, 'rssMiB'))),
      pss: spread(clustered.map((r) => sum(r, 'pssMiB'))),
    },
    clusterStartMs: spread(clustered.map((r) => r.startMs)),
    samples: { bare, standalone: single, cluster: clustered },
  };
  writeJsonResult(result);

  const base = result.bare.rss.median;
  const row = (label: string, s: { rss: Spread; pss: Spread; hwm?: Spread }): string[] => [
    label,
    fmt(s.rss.median, 0),
    `${fmt(s.rss.min, 0)} – ${fmt(s.rss.max, 0)}`,
    s.hwm ? fmt(s.hwm.median, 0) : '—',
    fmt(s.pss.median, 0),
    ratio(s.rss.median, base),
  ];
  process.stdout.write(
    `${table(
      [
        'process',
        `RSS after ${idleMs / 1000} s idle, median MiB`,
        'min – max MiB',
        'peak RSS (VmHWM) MiB',
        'PSS MiB',
        'RSS vs bare node',
      ],
      [
        row('bare `node -e "setInterval(()=>{},1000)"` (baseline)', result.bare),
        row('standalone: the Node process', result.standalone),
        row(
          `standalone: embedded PostgreSQL (sum of ${result.postgres.processes.median} processes)`,
          result.postgres,
        ),
        ...clusterProcesses.map((name) => row(`cluster: ${name}`, perProcess[name]!)),
        row('cluster: sum of the seven Node processes', result.clusterTotal),
      ],
    )}\n\n` +
      `${runs} runs, each: bare node, then standalone (fresh data folder; read ${idleMs / 1000} s after its first 200), ` +
      `then the cluster (fresh database, random subject prefix; read ${idleMs / 1000} s after the gateway's first 200). ` +
      `PSS divides shared pages among the processes sharing them, so PSS sums are the memory the group really takes; ` +
      `RSS sums count shared pages (node binary, PostgreSQL shared buffers) once per process.\n\n` +
      `Cluster start (startCluster() → gateway's first 200 on /api/health, fresh database so every migration runs): ` +
      `median ${fmt(result.clusterStartMs.median, 0)} ms (${fmt(result.clusterStartMs.min, 0)} – ${fmt(result.clusterStartMs.max, 0)}).\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`memory benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
