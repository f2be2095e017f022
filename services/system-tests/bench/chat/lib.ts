/**
 * Helpers of the fan-chat benchmarks that ../lib (stats.ts, proc.ts) does not have: cheap /proc
 * readings for sampling under load, SSE parsing, and the paced model server's child process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../../..');
export const swcRegister = path.join(repoRoot, 'services/libs/testing/swc-register.cjs');

/** VmRSS from /proc/<pid>/status, MiB (status only: cheap enough to sample every 100 ms under load). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/^VmRSS:\s+(\d+) kB/m);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** utime + stime of a process, in seconds (from /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** Pids whose command name (/proc/<pid>/comm) is `name`. */
export function pidsNamed(name: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** One Server-Sent Event, as the gateway writes them. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Incremental SSE parser: feed text, get complete events (comments are skipped). */
export class SseParser {
  private buffer = '';

  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return events;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') event.data += event.data ? `\n${value}` : value;
        else continue;
        any = true;
      }
      if (any) events.push(event);
    }
  }
}

export interface PacedChild {
  child: ChildProcess;
  start(options: {
    firstTokenDelayMs: number;
    interTokenDelayMs: number;
    reply?: string;
    port?: number;
  }): Promise<{ url: string; port: number }>;
  stop(): Promise<unknown>;
  /** Server-side time to first token of the request tagged `tag`, once reported. */
  ttft(tag: string, timeoutMs?: number): Promise<number>;
  /** Server-side time to the end of the reply's first sentence (its first . ! or ?), once reported. */
  sentence(tag: string, timeoutMs?: number): Promise<number>;
  /** Wall-clock ms (performance.timeOrigin + now) the request tagged `tag` arrived, once its TTFT is in. */
  arrivedAt(tag: string): number | undefined;
  exit(): Promise<void>;
}

/** Forks paced-server.child.ts and waits until it is ready. */
export async function forkPacedServer(): Promise<PacedChild> {
  const child = fork(path.join(__dirname, 'paced-server.child.ts'), [], {
    cwd: repoRoot,
    execArgv: ['-r', swcRegister],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const timings = new Map<string, number>();
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (ms: number) => void>();
  const replies: Array<(message: { type: string; [key: string]: unknown }) => void> = [];
  const record = (key: string, ms: number): void => {
    timings.set(key, ms);
    waiters.get(key)?.(ms);
    waiters.delete(key);
  };
  child.on('message', (message: { type: string; tag?: string; ttftMs?: number; [key: string]: unknown }) => {
    if (message.type === 'timing') {
      if (!message.tag) return;
      if (typeof message.arrivedAtMs === 'number') arrivals.set(message.tag, message.arrivedAtMs);
      record(message.tag, message.ttftMs as number);
    } else if (message.type === 'sentence') {
      if (message.tag) record(`sentence:${message.tag}`, message.ms as number);
    } else if (message.type === 'failed') {
      process.stderr.write(`paced server child: ${String(message.message)}\n`);
    } else {
      replies.shift()?.(message);
    }
  });
  const next = (what: string): Promise<{ type: string; [key: string]: unknown }> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`paced server child: no ${what} within 30 s`)), 30_000);
      replies.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  const reported = (key: string, timeoutMs: number): Promise<number> => {
    const known = timings.get(key);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(key);
        reject(new Error(`the paced server reported no ${key} for a request`));
      }, timeoutMs);
      waiters.set(key, (ms) => {
        clearTimeout(timer);
        resolve(ms);
      });
    });
  };
  const ready = await next('ready');
  if (ready.type !== 'ready') throw new Error(`paced server child said ${ready.type}`);
  return {
    child,
    async start(options) {
      const reply = next('started');
      child.send({ cmd: 'start', host: '127.0.0.1', ...options });
      const started = await reply;
      return { url: started.url as string, port: started.port as number };
    },
    async stop() {
      const reply = next('stopped');
      child.send({ cmd: 'stop' });
      return (await reply).stats;
    },
    ttft: (tag, timeoutMs = 5000) => reported(tag, timeoutMs),
    sentence: (tag, timeoutMs = 5000) => reported(`sentence:${tag}`, timeoutMs),
    arrivedAt: (tag) => arrivals.get(tag),
    async exit() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ cmd: 'exit' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
