import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { delimiter, join } from 'node:path';
import { goBinDir } from './stripe-mock';
import { waitFor } from './wait-for';

/**
 * versitygw, a real S3-compatible server over a local folder (a Go program, installed by
 * deploy/scripts/install-versitygw.sh). Ingestion's S3 object-storage adapter is tested against
 * it with the real `@aws-sdk/client-s3`.
 */
export interface Versitygw {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** The versitygw binary on PATH or in $(go env GOPATH)/bin, or undefined. */
function findVersitygw(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const onPath = dirs.map((dir) => join(dir, 'versitygw')).find((candidate) => existsSync(candidate));
  if (onPath) return onPath;
  const goBin = goBinDir();
  const installed = goBin ? join(goBin, 'versitygw') : undefined;
  return installed && existsSync(installed) ? installed : undefined;
}

/** Null when versitygw is installed; otherwise why it cannot run (for `describeNeeding`). */
export function versitygwProblem(): string | null {
  return findVersitygw()
    ? null
    : 'versitygw not found in PATH or $(go env GOPATH)/bin; run deploy/scripts/install-versitygw.sh';
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

/**
 * Starts versitygw (posix backend in a temporary folder) on a free local port with one bucket
 * (a folder of the backend) and waits until it answers.
 */
export async function startVersitygw(bucket = 'backtalk-test'): Promise<Versitygw> {
  const binary = findVersitygw();
  if (!binary) throw new Error(versitygwProblem() ?? 'versitygw not found');
  const root = mkdtempSync(join(os.tmpdir(), 'backtalk-versitygw-'));
  mkdirSync(join(root, bucket));
  const port = await freePort();
  const accessKeyId = 'backtalktest';
  const secretAccessKey = 'backtalk-test-secret';
  const child: ChildProcess = spawn(
    binary,
    ['--access', accessKeyId, '--secret', secretAccessKey, '--port', `127.0.0.1:${port}`, 'posix', root],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        try {
          await fetch(endpoint);
          return true;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'versitygw' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw new Error(`versitygw did not answer on ${endpoint}: ${String(error)}\n${output}`);
  }
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
