import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { waitFor } from './wait-for';

/**
 * stripe-mock, Stripe's own API emulator (a Go program, installed by
 * deploy/scripts/install-stripe-mock.sh). Billing's tests run the real `stripe` SDK
 * against it: it checks every request against Stripe's OpenAPI document and answers
 * fixture objects, so a parameter Stripe would refuse fails the test.
 */
export interface StripeMock {
  host: string;
  port: number;
  /** `STRIPE_API_*` variables that point billing's Stripe client at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export function goBinDir(): string | undefined {
  const go = ['/usr/local/go/bin', ...(process.env.PATH ?? '').split(delimiter)]
    .filter(Boolean)
    .map((dir) => join(dir, 'go'))
    .find((candidate) => existsSync(candidate));
  if (!go) return undefined;
  try {
    const gopath = execFileSync(go, ['env', 'GOPATH'], { encoding: 'utf8' }).trim().split(delimiter)[0];
    return gopath ? join(gopath, 'bin') : undefined;
  } catch {
    return undefined;
  }
}

/** The stripe-mock binary on PATH or in $(go env GOPATH)/bin, or undefined. */
export function findStripeMock(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const onPath = dirs.map((dir) => join(dir, 'stripe-mock')).find((candidate) => existsSync(candidate));
  if (onPath) return onPath;
  const goBin = goBinDir();
  const installed = goBin ? join(goBin, 'stripe-mock') : undefined;
  return installed && existsSync(installed) ? installed : undefined;
}

/** Null when stripe-mock is installed; otherwise why it cannot run (for `describeNeeding`). */
export function stripeMockProblem(): string | null {
  return findStripeMock()
    ? null
    : 'stripe-mock not found in PATH or $(go env GOPATH)/bin; run deploy/scripts/install-stripe-mock.sh';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function accepts(host: string, port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}:${port}/v1/balance`, {
      headers: { authorization: 'Bearer sk_test_123' },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts stripe-mock on a free local port (plain HTTP) and waits until it answers. */
export async function startStripeMock(): Promise<StripeMock> {
  const binary = findStripeMock();
  if (!binary) throw new Error(stripeMockProblem() ?? 'stripe-mock not found');
  const host = '127.0.0.1';
  const [port, httpsPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(binary, ['-http-port', String(port), '-https-port', String(httpsPort)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(async () => ((await accepts(host, port)) ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'stripe-mock',
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`stripe-mock did not answer on ${host}:${port}: ${String(error)}\n${output}`);
  }
  return {
    host,
    port,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_API_HOST: host,
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
