import 'reflect-metadata';
import { ProcessSupervisor } from '@backtalk/kit';
import { localKeyEncryptionKey } from '@backtalk/identity';
import path from 'node:path';

/**
 * `npm run start:cluster`: every service in its own process over real NATS and
 * PostgreSQL (NATS_URL, DATABASE_URL), output prefixed by service, a crashed
 * service restarted, Ctrl-C stopping them all.
 */
const root = path.resolve(__dirname, '../../..');
const services = ['identity', 'creators', 'ingestion', 'chat-inference', 'billing', 'feature-flags'];
const basePort = Number(process.env.CLUSTER_HTTP_BASE_PORT ?? 3101);

const supervisor = new ProcessSupervisor({
  restartDelayMs: Number(process.env.CLUSTER_RESTART_DELAY_MS ?? 2000),
  stopTimeoutMs: 15_000,
  write: (line) => process.stdout.write(`${line}\n`),
});

const env: Record<string, string | undefined> = { ...process.env, BACKTALK_MODE: 'cluster' };
// Identity encrypts its stored signing key (docs/security.md 7.14); on one machine the key
// lives in the data folder, as in standalone mode, unless one is given.
if (!env.JWT_KEY_ENCRYPTION_KEY && !env.JWT_PRIVATE_KEY) {
  env.JWT_KEY_ENCRYPTION_KEY = localKeyEncryptionKey(process.env.BACKTALK_DATA_DIR || '.backtalk');
}
services.forEach((name, index) =>
  supervisor.start({
    name,
    command: process.execPath,
    args: [path.join(root, 'services', name, 'dist/main.js')],
    env: { ...env, HTTP_PORT: String(basePort + index) },
  }),
);
supervisor.start({
  name: 'gateway',
  command: process.execPath,
  args: [path.join(root, 'services/gateway/dist/main.js')],
  env: { ...env, PORT: process.env.PORT ?? '3000' },
});

let stopping = false;
const shutdown = (): void => {
  if (stopping) process.exit(1);
  stopping = true;
  process.stdout.write('Stopping all services…\n');
  void supervisor.stopAll().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
