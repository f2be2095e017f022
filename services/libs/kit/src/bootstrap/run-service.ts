import type { DynamicModule, INestApplication, INestMicroservice } from '@nestjs/common';
import type { z } from 'zod';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig } from '../config/load-config';
import { baseConfigSchema } from '../config/config.schema';
import { dataSourceOptions, type ServiceDatabase } from '../database/database.options';
import { openMigratedDataSource } from '../database/migrate';
import { collectProcessMetrics } from '../metrics/metrics';
import { DrainingNatsServer } from '../transport/draining-nats.server';
import { InProcessServer } from '../transport/in-process.server';
import { natsCredentials } from '../transport/nats-permissions';
import { holdStartupWork } from './startup-work';
import type { InProcessBus } from '../transport/in-process.bus';

export interface ServiceDefinition {
  name: string;
  /** The service's configuration schema, so a launcher can check it before starting anything. */
  config: z.ZodObject;
  /** Builds the service's root module; config is validated while it builds. */
  module: (env?: Record<string, string | undefined>) => DynamicModule;
  database?: ServiceDatabase;
}

/**
 * Cluster mode: the service in its own process, NATS for requests (queue group
 * = service name, so replicas share the load), HTTP for probes and metrics.
 */
export async function startClusterService(definition: ServiceDefinition): Promise<INestApplication> {
  const base = loadConfig(baseConfigSchema);
  collectProcessMetrics();
  const startupWork = holdStartupWork();
  const app = await NestFactory.create(definition.module(), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  app.connectMicroservice(
    {
      strategy: new DrainingNatsServer({
        servers: base.NATS_URL,
        subjectPrefix: base.NATS_SUBJECT_PREFIX,
        shutdownGraceMs: base.SHUTDOWN_GRACE_MS,
        queue: definition.name,
        name: `${definition.name}-server`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        ...natsCredentials(base),
      }),
    },
    { inheritAppConfig: true },
  );
  app.enableShutdownHooks();
  // Init hooks (keys, seeds, caches) finish before the first NATS message is taken.
  await app.init();
  await app.startAllMicroservices();
  await app.listen(base.HTTP_PORT, '0.0.0.0');
  app.get(Logger).log(`${definition.name} ready (NATS ${base.NATS_URL}, HTTP :${base.HTTP_PORT})`);
  // Catch-up work (afterStartup) runs once the service takes messages and answers its probes.
  void startupWork.release();
  return app;
}

/** Standalone mode: the same module, served over the in-process bus. */
export async function startInProcessService(
  definition: ServiceDefinition,
  bus: InProcessBus,
  env?: Record<string, string | undefined>,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(definition.module(env), {
    strategy: new InProcessServer(bus, definition.name),
    bufferLogs: true,
    // A provider that fails to build rejects this call (the launcher reports it and stops
    // PostgreSQL) instead of Nest calling process.exit(1) from inside a library.
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  await app.listen();
  return app;
}

/** `node main.js migrate`: bring the schema up to date and exit (the Helm hook runs this). */
export async function migrateOnly(definition: ServiceDefinition): Promise<void> {
  if (!definition.database) return;
  const base = loadConfig(baseConfigSchema);
  const dataSource = await openMigratedDataSource(
    dataSourceOptions(definition.database, base.DATABASE_URL, 1) as Parameters<
      typeof openMigratedDataSource
    >[0],
  );
  await dataSource.destroy();
}

/** The entry point of every service's main.ts. */
export function runServiceMain(definition: ServiceDefinition, argv: string[] = process.argv.slice(2)): void {
  const command = argv[0] ?? 'serve';
  const run = command === 'migrate' ? migrateOnly(definition) : startClusterService(definition);
  run.then(
    () => {
      if (command === 'migrate') {
        process.stdout.write(`${definition.name}: migrations are up to date\n`);
        process.exit(0);
      }
    },
    (error: unknown) => {
      process.stderr.write(`${definition.name}: ${describeStartupError(error)}\n`);
      process.exit(1);
    },
  );
}

export function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') return `port already in use (${(error as { port?: number }).port ?? ''})`;
  if (code === 'ECONNREFUSED') return `cannot connect: ${(error as Error).message}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
