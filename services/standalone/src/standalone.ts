import { assertWritableDir, EmbeddedDatabaseError, startEmbeddedPostgres } from '@backtalk/embedded-db';
import { startGateway } from '@backtalk/gateway';
import { holdStartupWork, loadConfig, processBus, startInProcessService } from '@backtalk/kit';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import net from 'node:net';
import path from 'node:path';
import { standaloneConfigSchema } from './launcher.config';
import { backendServices } from './services';

export interface StandaloneOptions {
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  /**
   * Told how long each step of the start took: PostgreSQL, each service, the
   * gateway, then the start-up work that runs after ready (the benchmark
   * `startup-phases.bench.ts` reads it). CPU is the whole process's while the step ran.
   */
  onPhase?: (phase: { name: string; wallMs: number; cpuMs: number }) => void;
}

export interface RunningStandalone {
  url: string;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

/**
 * What standalone mode sets unless the environment says otherwise. Dense
 * retrieval is on: ingestion and chat-inference both read `EMBEDDINGS_PROVIDER`
 * and get the same local model (bge-small, downloaded on first use; lexical
 * retrieval alone while it is unavailable). Moderation is Llama Guard in-process
 * (`MODERATION_PROVIDER=local`, downloaded on first use; `MODERATION_FAILURE` decides until it
 * can be had, docs/safety.md). A cluster has no default: its chat-inference refuses to start
 * without MODERATION_PROVIDER, which the chart and compose set.
 */
export function standaloneServiceDefaults(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DEMO_DATA: 'true',
    CONTENT_FIXTURES_DIR: path.join(dataDir, 'content-fixtures'),
    EMBEDDINGS_PROVIDER: 'local',
    MODERATION_PROVIDER: 'local',
  };
}

/**
 * Standalone mode: PostgreSQL embedded, every service module in this process
 * over the in-process bus, the gateway serving the API and the web app.
 */
export async function startStandalone({ env, log, onPhase }: StandaloneOptions): Promise<RunningStandalone> {
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await step();
    } finally {
      const used = process.cpuUsage(cpu);
      onPhase?.({ name, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 });
    }
  };
  const launcher = loadConfig(standaloneConfigSchema, env);
  const port = launcher.PORT;
  const dataDir = path.resolve(launcher.BACKTALK_DATA_DIR);
  for (const definition of backendServices)
    loadConfig(definition.config, {
      ...standaloneServiceDefaults(dataDir),
      ...env,
      BACKTALK_MODE: 'standalone',
    });
  try {
    assertWritableDir(dataDir);
  } catch (error) {
    throw new StartupError(
      `Cannot write to the data folder ${dataDir} (${(error as NodeJS.ErrnoException).code}). Set BACKTALK_DATA_DIR to a writable folder.`,
    );
  }
  if (port !== 0 && !(await portIsFree(port, launcher.HOST))) {
    throw new StartupError(
      `Port ${port} is already in use. Stop the other program or set PORT to a free port.`,
    );
  }

  log(`Starting PostgreSQL (data in ${path.join(dataDir, 'postgres')})`);
  const database = await timed('PostgreSQL', () =>
    startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      database: 'backtalk',
      onNotice: log,
    }),
  ).catch((error: unknown) => {
    throw error instanceof EmbeddedDatabaseError ? new StartupError(error.message) : error;
  });
  const serviceEnv: Record<string, string | undefined> = {
    ...standaloneServiceDefaults(dataDir),
    ...env,
    BACKTALK_MODE: 'standalone',
    BACKTALK_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    HOST: launcher.HOST,
    PORT: String(port),
  };
  const services: INestMicroservice[] = [];
  let gateway: INestApplication | undefined;
  // Catch-up work (the post-index fill, the local model's preload) waits until the gateway
  // listens: on one thread it would otherwise delay readiness by its CPU time. Searches of the
  // post index wait for the fill meanwhile.
  const startupWork = holdStartupWork();
  const stop = async (): Promise<void> => {
    await gateway?.close().catch(() => undefined);
    await Promise.all(services.map((service) => service.close().catch(() => undefined)));
    await database.stop().catch(() => undefined);
  };
  try {
    for (const definition of backendServices) {
      services.push(
        await timed(definition.name, () => startInProcessService(definition, processBus, serviceEnv)),
      );
    }
    const started = await timed('gateway', () => startGateway(serviceEnv));
    gateway = started.app;
    if (!started.servesWebApp) log('The web app is not built (web/dist is missing); serving the API only.');
    void timed('start-up work (after ready)', () => startupWork.release());
    return { url: started.url, stop };
  } catch (error) {
    startupWork.discard();
    await stop();
    throw error;
  }
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
