/**
 * Where a warm standalone restart spends its time: each run starts the built
 * launcher in a child process (`startup-phases.child.cjs`) on a data folder that
 * a first, unmeasured start has set up, and reports the steps the launcher
 * times itself (`onPhase`): Node boot and loading the code, PostgreSQL, each
 * service's Nest application (its bootstrap hooks included), the gateway,
 * the first 200 on /api/health after ready, and the start-up work that runs
 * after ready. Run from the repository root after `npm run build`:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/startup-phases.bench.ts [--runs 7]
 */
import { freePort } from '@backtalk/embedded-db';
import path from 'node:path';
import {
  baseEnv,
  freshDataDir,
  processesMentioning,
  removeDir,
  spawnTracked,
  writeJsonResult,
} from './lib/proc';
import { argNumber, fmt, progress, summarize, table } from './lib/stats';

interface Phase {
  name: string;
  wallMs: number;
  cpuMs: number;
}
interface Run {
  phases: Phase[];
  readyMs: number;
  readyCpuMs: number;
}

const CHILD = path.join(__dirname, 'startup-phases.child.cjs');

async function once(dataDir: string): Promise<Run> {
  const tracked = spawnTracked(process.execPath, [CHILD], {
    ...baseEnv(),
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  });
  const { code } = await tracked.exited;
  const line = tracked
    .tail()
    .split('\n')
    .find((text) => text.startsWith('{"phases"'));
  if (code !== 0 || !line) throw new Error(`startup-phases child failed (exit ${code}):\n${tracked.tail()}`);
  return JSON.parse(line) as Run;
}

async function main(): Promise<void> {
  const runs = argNumber('runs', 7);
  const dataDir = freshDataDir('phases');
  const measured: Run[] = [];
  try {
    await once(dataDir); // cold: initdb, migrations, demo data; not measured
    for (let run = 1; run <= runs; run += 1) {
      measured.push(await once(dataDir));
      progress(`startup phases run ${run}/${runs}: ready after ${fmt(measured.at(-1)!.readyMs, 0)} ms`);
    }
    const leftovers = processesMentioning(dataDir);
    if (leftovers.length > 0)
      throw new Error(`processes left running on ${dataDir}: ${leftovers.join(', ')}`);
  } finally {
    removeDir(dataDir);
  }

  const names = measured[0]!.phases.map((phase) => phase.name);
  const phases = names.map((name) => {
    const of = measured.map((run) => run.phases.find((phase) => phase.name === name)!);
    return { name, wall: summarize(of.map((p) => p.wallMs)), cpu: summarize(of.map((p) => p.cpuMs)) };
  });
  const result = {
    runs,
    phases,
    ready: summarize(measured.map((run) => run.readyMs)),
    readyCpu: summarize(measured.map((run) => run.readyCpuMs)),
  };
  writeJsonResult(result);
  process.stdout.write(
    `${table(
      ['warm restart, step', 'wall median ms', 'wall min – max ms', 'CPU median ms'],
      phases.map((phase) => [
        phase.name,
        fmt(phase.wall.median, 0),
        `${fmt(phase.wall.min, 0)} – ${fmt(phase.wall.max, 0)}`,
        fmt(phase.cpu.median, 0),
      ]),
    )}\n\n` +
      `Process start → ready (the launcher returned): median ${fmt(result.ready.median, 0)} ms ` +
      `(${fmt(result.ready.min, 0)} – ${fmt(result.ready.max, 0)}), CPU ${fmt(result.readyCpu.median, 0)} ms. ` +
      `A service's step includes its bootstrap hooks; CPU is the whole process's while the step ran, so ` +
      `work running in the background then counts where it ran. The steps after ready overlap: the start-up ` +
      `work starts as the launcher returns, the first /api/health request right after.\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `startup phases benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
