import { freePort } from '@backtalk/embedded-db';
import { ProcessSupervisor, durableStreamConfig } from '@backtalk/kit';
import { DurableSubjects, durableOwner } from '@backtalk/proto';
import { waitFor } from '@backtalk/testing';
import { connect } from 'nats';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');
export const backendServices = [
  'identity',
  'creators',
  'ingestion',
  'chat-inference',
  'billing',
  'feature-flags',
];

export interface RunningCluster {
  supervisor: ProcessSupervisor;
  gatewayUrl: string;
  /** The backend services this cluster runs (each once, whatever its replicas). */
  services: readonly string[];
  output: string[];
  /** Starts (or starts again) one process; `extraEnv` adds to or overrides the cluster's variables. */
  start(name: string, extraEnv?: Record<string, string>): void;
  /** Waits (90 s at most) for the gateway's `/api/health` to answer 200; fails with the processes' output. */
  whenHealthy(what: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The seven services as separate processes, as `npm run start:cluster` runs
 * them; `only` starts just those backend services (and the gateway), and each
 * service named in `secondReplicas` once more, as `<name>-2` (one queue group).
 */
export async function startCluster(
  env: Record<string, string>,
  only: readonly string[] = backendServices,
  secondReplicas: readonly string[] = [],
): Promise<RunningCluster> {
  const output: string[] = [];
  const supervisor = new ProcessSupervisor({
    restartDelayMs: 0,
    stopTimeoutMs: 10_000,
    write: (line) => output.push(line),
  });
  const gatewayPort = await freePort();
  const keyEncryptionKey = randomBytes(32).toString('base64');
  const specs = new Map<string, { args: string[]; env: Record<string, string> }>();
  for (const name of backendServices.filter((service) => only.includes(service))) {
    specs.set(name, {
      args: [path.join(repoRoot, 'services', name, 'dist/main.js')],
      // Any free port for the internal probes: nothing here calls them, and a port picked
      // ahead of the spawn could be taken by the time the service binds it.
      env: { HTTP_PORT: '0' },
    });
  }
  for (const name of secondReplicas) {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no ${name} to run a second replica of`);
    specs.set(`${name}-2`, spec);
  }
  specs.set('gateway', {
    args: [path.join(repoRoot, 'services/gateway/dist/main.js')],
    env: { PORT: String(gatewayPort) },
  });
  const start = (name: string, extraEnv: Record<string, string> = {}): void => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`unknown service ${name}`);
    supervisor.start({
      name,
      command: process.execPath,
      args: spec.args,
      // Identity needs a key to encrypt its stored signing key outside standalone mode;
      // chat-inference refuses to start without a moderator chosen, and a test that does not
      // choose one (the chat-moderation suites set `openai`) runs with the floor alone.
      env: {
        PATH: process.env.PATH,
        JWT_KEY_ENCRYPTION_KEY: keyEncryptionKey,
        MODERATION_PROVIDER: 'none',
        ...env,
        ...spec.env,
        ...extraEnv,
        BACKTALK_MODE: 'cluster',
      },
    });
  };
  for (const name of specs.keys()) start(name);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const whenHealthy = async (what: string): Promise<void> => {
    await waitFor(
      async () =>
        (await fetch(`${gatewayUrl}/api/health`).catch(() => undefined))?.status === 200 ? true : undefined,
      { timeoutMs: 90_000, intervalMs: 250, what },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.join('\n')}`);
    });
  };
  return {
    supervisor,
    gatewayUrl,
    services: backendServices.filter((service) => only.includes(service)),
    output,
    start,
    whenHealthy,
    stop: async () => {
      await supervisor.stopAll();
      await deleteDurableStreams(env);
    },
  };
}

/**
 * The durable JetStream streams outlive their processes: a run with a prefix of its
 * own deletes them, so the shared NATS server does not collect them per test run.
 */
async function deleteDurableStreams(env: Record<string, string>): Promise<void> {
  const prefix = env.NATS_SUBJECT_PREFIX;
  if (!prefix || !env.NATS_URL) return;
  const connection = await connect({ servers: env.NATS_URL, reconnect: false }).catch(() => undefined);
  if (!connection) return;
  try {
    const manager = await connection.jetstreamManager();
    // Every consuming service's stream: identity announces a deleted account to each of them.
    for (const owner of new Set(Object.values(DurableSubjects).map(durableOwner)))
      await manager.streams.delete(durableStreamConfig(owner, prefix).name).catch(() => undefined);
  } finally {
    await connection.close();
  }
}

export interface SpawnedProcess {
  child: ChildProcess;
  output: () => string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnNode(script: string, env: Record<string, string | undefined>): SpawnedProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    text += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => text,
    exited,
    waitForOutput: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const match = text.match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Timed out waiting for ${pattern} in output:\n${text}`));
        }, timeoutMs);
        const onExit = (): void => {
          cleanup();
          reject(new Error(`Process exited before ${pattern} appeared:\n${text}`));
        };
        const cleanup = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      }),
  };
}

/**
 * Waits until the cluster's gateway reports, on `GET /api/health`, every backend service the
 * cluster runs as up (a service is up once it answers over the transport); when that never
 * happens, the error carries every process's output.
 */
export async function waitUntilAnswering(cluster: RunningCluster, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      const health = await fetch(`${cluster.gatewayUrl}/api/health`).then(
        async (response) => (await response.json()) as { services?: Record<string, string> },
        () => undefined,
      );
      return cluster.services.every((service) => health?.services?.[service] === 'up') ? true : undefined;
    },
    { timeoutMs, intervalMs: 250, what: `${cluster.services.join(', ')} to answer through the gateway` },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${cluster.output.join('\n')}`);
  });
}

/**
 * A second gateway replica (cluster mode) beside the cluster's own, started with the cluster's
 * `env` on a port of its own; answers its address once it reports every service up.
 */
export async function startSecondGateway(
  cluster: RunningCluster,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<string> {
  const port = await freePort();
  cluster.supervisor.start({
    name: 'gateway-2',
    command: process.execPath,
    args: [path.join(repoRoot, 'services/gateway/dist/main.js')],
    env: { PATH: process.env.PATH, ...env, PORT: String(port), BACKTALK_MODE: 'cluster' },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering({ ...cluster, gatewayUrl: url }, timeoutMs);
  return url;
}
