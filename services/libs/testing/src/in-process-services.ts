import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  BaseConfig,
  holdStartupWork,
  processBus,
  ServiceClient,
  ServiceKitModule,
  startInProcessService,
  type ServiceDefinition,
} from '@backtalk/kit';

export interface InProcessServices {
  /** A client as another service would hold it, over the same in-process bus. */
  client: ServiceClient;
  apps: INestMicroservice[];
  close(): Promise<void>;
}

/**
 * Boots real service modules on the in-process transport, each migrating its
 * schema in the given database: the "medium" test setup.
 */
export async function startServicesInProcess(
  definitions: ServiceDefinition[],
  env: Record<string, string | undefined>,
): Promise<InProcessServices> {
  const fullEnv = {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Where the standalone launcher sets `local` (a download), the floor alone unless the test
    // chooses a moderator: chat-inference has no default of its own (docs/safety.md).
    MODERATION_PROVIDER: 'none',
    ...env,
    BACKTALK_MODE: 'standalone',
  };
  const apps: INestMicroservice[] = [];
  // As the standalone launcher: start-up work (ingestion's post-index fill) runs once every
  // service has started; unlike it, this waits for that work, so tests start from a filled
  // index. A test that holds start-up work itself decides when it runs.
  const startupWork = holdStartupWork();
  try {
    for (const definition of definitions)
      apps.push(await startInProcessService(definition, processBus, fullEnv));
  } catch (error) {
    startupWork.discard();
    for (const app of apps.reverse()) await app.close();
    throw error;
  }
  await startupWork.release();
  @Module({
    imports: [ServiceKitModule.forService({ name: 'test-caller', config: BaseConfig, env: fullEnv })],
  })
  class CallerModule {}
  const caller: INestApplicationContext = await NestFactory.createApplicationContext(CallerModule, {
    logger: false,
    abortOnError: false,
  });
  return {
    client: caller.get(ServiceClient),
    apps,
    close: async () => {
      await caller.close();
      for (const app of apps.reverse()) await app.close();
    },
  };
}
