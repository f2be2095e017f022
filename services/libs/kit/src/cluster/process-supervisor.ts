import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SupervisedProcess {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
}

export interface SupervisorOptions {
  /** Restart a process that exits on its own, after this many ms (0 = never restart). */
  restartDelayMs: number;
  /** Where prefixed output lines go. */
  write: (line: string) => void;
  /** How long a process gets to exit after SIGTERM before SIGKILL. */
  stopTimeoutMs: number;
}

const colours = [36, 33, 35, 32, 34, 31, 96, 93];

/**
 * Runs each service in its own process, prefixes every output line with the
 * service name, restarts a process that dies, and stops them all on request.
 */
export class ProcessSupervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly specs = new Map<string, SupervisedProcess>();
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  start(spec: SupervisedProcess): ChildProcess {
    this.specs.set(spec.name, spec);
    const child = spawn(spec.command, spec.args, {
      env: spec.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.set(spec.name, child);
    const prefix = this.prefix(spec.name);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: stream }).on('line', (line) => this.options.write(`${prefix} ${line}`));
    }
    child.on('exit', (code, signal) => {
      if (this.children.get(spec.name) === child) this.children.delete(spec.name);
      if (this.stopping) return;
      this.options.write(`${prefix} exited (${signal ?? `code ${code}`})`);
      if (this.options.restartDelayMs > 0 && this.specs.has(spec.name)) {
        this.options.write(`${prefix} restarting in ${this.options.restartDelayMs} ms`);
        setTimeout(() => {
          if (!this.stopping && !this.children.has(spec.name)) this.start(spec);
        }, this.options.restartDelayMs).unref();
      }
    });
    return child;
  }

  process(name: string): ChildProcess | undefined {
    return this.children.get(name);
  }

  /** Kills one process, as a crash would (no restart if `forget`). */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL', forget = false): Promise<void> {
    if (forget) this.specs.delete(name);
    const child = this.children.get(name);
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  restart(name: string): ChildProcess {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`No process named ${name}`);
    return this.start(spec);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.children.entries()].map(([, child]) => {
        return new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), this.options.stopTimeoutMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        });
      }),
    );
    this.children.clear();
  }

  private prefix(name: string): string {
    const index = [...this.specs.keys()].indexOf(name);
    const colour = colours[Math.max(0, index) % colours.length];
    const label = `[${name}]`.padEnd(17);
    return process.stdout.isTTY ? `\u001b[${colour}m${label}\u001b[0m` : label;
  }
}
