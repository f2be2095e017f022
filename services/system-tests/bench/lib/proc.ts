/** Process helpers for the benchmarks: spawning, polling HTTP, reading /proc. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './stats';

export const repoRoot = path.resolve(__dirname, '../../../..');

export interface Tracked {
  child: ChildProcess;
  /** performance.now() when each `marks` pattern first appeared in the output. */
  marks: Record<string, number>;
  /** The last lines of output, for error messages. */
  tail(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns a process with piped, drained output (a full pipe would stall it). */
export function spawnTracked(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  markPatterns: Record<string, RegExp> = {},
): Tracked {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const marks: Record<string, number> = {};
  const keep = (chunk: Buffer): void => {
    const text = chunk.toString();
    for (const [name, pattern] of Object.entries(markPatterns)) {
      if (marks[name] === undefined && pattern.test(text)) marks[name] = performance.now();
    }
    lines.push(text);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, marks, tail: () => lines.join('').split('\n').slice(-40).join('\n'), exited };
}

/** The environment a user's shell would give the process, minus anything of ours. */
export function baseEnv(): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME };
}

/** One GET; resolves to the status code, or 0 when the connection fails. */
export function httpStatus(url: string, timeoutMs = 1000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/**
 * Polls `url` every `intervalMs` until it answers 200; returns the time of the
 * first 200 (performance.now()). Fails if the process exits or time runs out.
 */
export async function pollFor200(
  url: string,
  tracked: Tracked,
  intervalMs: number,
  timeoutMs: number,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  void tracked.exited.then(() => (exited = true));
  for (;;) {
    const status = await httpStatus(url);
    if (status === 200) return performance.now();
    if (exited) throw new Error(`process exited before ${url} answered 200:\n${tracked.tail()}`);
    if (performance.now() > deadline)
      throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${tracked.tail()}`);
    await sleep(intervalMs);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with the time it took to exit. */
export async function stopProcess(tracked: Tracked, graceMs = 20_000): Promise<number> {
  const started = performance.now();
  if (tracked.child.exitCode !== null || tracked.child.signalCode !== null) return 0;
  const timer = setTimeout(() => tracked.child.kill('SIGKILL'), graceMs);
  tracked.child.kill('SIGTERM');
  await tracked.exited;
  clearTimeout(timer);
  return performance.now() - started;
}

export interface MemoryStatus {
  /** Resident set size now, MiB. */
  rssMiB: number;
  /** Peak resident set size so far, MiB. */
  hwmMiB: number;
  /**
   * Proportional set size, MiB: shared pages (the node binary, PostgreSQL's
   * shared buffers) divided among the processes sharing them, so sums add up.
   */
  pssMiB: number;
}

function kibField(text: string, field: string, file: string): number {
  const match = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!match) throw new Error(`no ${field} in ${file}`);
  return Number(match[1]);
}

/** VmRSS and VmHWM from /proc/<pid>/status, Pss from /proc/<pid>/smaps_rollup. */
export function readMemory(pid: number): MemoryStatus {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return {
    rssMiB: kibField(status, 'VmRSS', 'status') / 1024,
    hwmMiB: kibField(status, 'VmHWM', 'status') / 1024,
    pssMiB: kibField(rollup, 'Pss', 'smaps_rollup') / 1024,
  };
}

/** Every live descendant of `pid` (children, grandchildren, ...), from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ..."; comm may contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const [child, parent] of parents) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Sums of RSS and PSS over processes (those that ended meanwhile are skipped). */
export function totalMemory(pids: number[]): { rssMiB: number; pssMiB: number } {
  let rssMiB = 0;
  let pssMiB = 0;
  for (const pid of pids) {
    try {
      const memory = readMemory(pid);
      rssMiB += memory.rssMiB;
      pssMiB += memory.pssMiB;
    } catch {
      // Gone.
    }
  }
  return { rssMiB, pssMiB };
}

/**
 * A fresh, empty folder for BACKTALK_DATA_DIR. As root, embedded PostgreSQL runs
 * as the `postgres` user, which must be able to enter it.
 */
export function freshDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `backtalk-bench-${label}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Processes whose command line mentions `needle` (used to check nothing was left running). */
export function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
    } catch {
      // Gone.
    }
  }
  return found;
}

/** Writes the machine-readable result where run-all.mjs asked for it (--json <file>). */
export function writeJsonResult(result: unknown): void {
  const index = process.argv.indexOf('--json');
  const file = index >= 0 ? process.argv[index + 1] : undefined;
  if (file) fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}
