import 'reflect-metadata';
import { ConfigError, loadConfig, ProcessSupervisor } from '@backtalk/kit';
import { localKeyEncryptionKey } from '@backtalk/identity';
import path from 'node:path';
import { clusterLauncherConfigSchema } from './launcher.config';
import { backendServices } from './services';

/**
 * `npm run start:cluster`: every service in its own process over real NATS and
 * PostgreSQL (NATS_URL, DATABASE_URL), output prefixed by service, a crashed
 * service restarted, Ctrl-C stopping them all.
 */
const root = path.resolve(__dirname, '../../..');
const services = ['identity', 'creators', 'ingestion', 'chat-inference', 'billing', 'feature-flags'];
const launcher = loadLauncherConfig();

function loadLauncherConfig(): ReturnType<typeof loadConfig<typeof clusterLauncherConfigSchema>> {
  try {
    return loadConfig(clusterLauncherConfigSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`start:cluster: ${error.message}\n`);
    process.exit(1);
  }
}

const supervisor = new ProcessSupervisor({
  restartDelayMs: launcher.CLUSTER_RESTART_DELAY_MS,
  stopTimeoutMs: 15_000,
  write: (line) => process.stdout.write(`${line}\n`),
});

const env: Record<string, string | undefined> = { ...process.env, BACKTALK_MODE: 'cluster' };
// Identity encrypts its stored signing key (docs/security.md 7.14); on one machine the key
// lives in the data folder, as in standalone mode, unless one is given.
if (!env.JWT_KEY_ENCRYPTION_KEY && !env.JWT_PRIVATE_KEY) {
  env.JWT_KEY_ENCRYPTION_KEY = localKeyEncryptionKey(launcher.BACKTALK_DATA_DIR);
}
// As `npm start` does, every service's settings are checked before anything starts: a missing
// one (MODERATION_PROVIDER, which a cluster has no default for) stops the launch in one line
// rather than a service restarting forever.
for (const definition of backendServices) {
  try {
    loadConfig(definition.config, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`start:cluster: ${definition.name}: ${error.message}\n`);
    process.exit(1);
  }
}
services.forEach((name, index) =>
  supervisor.start({
    name,
    command: process.execPath,
    args: [path.join(root, 'services', name, 'dist/main.js')],
    env: { ...env, HTTP_PORT: String(launcher.CLUSTER_HTTP_BASE_PORT + index) },
  }),
);
supervisor.start({
  name: 'gateway',
  command: process.execPath,
  args: [path.join(root, 'services/gateway/dist/main.js')],
  env: { ...env, PORT: String(launcher.PORT) },
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
