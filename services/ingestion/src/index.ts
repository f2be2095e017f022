import type { ServiceDefinition } from '@backtalk/kit';
import { ingestionConfigSchema } from './ingestion.config';
import { IngestionModule } from './ingestion.module';
import { ingestionDatabase } from './ingestion.database';

export const ingestionService: ServiceDefinition = {
  name: 'ingestion',
  config: ingestionConfigSchema,
  module: (env) => IngestionModule.register(env),
  database: ingestionDatabase,
};
/** The scheduled re-sync, for tests that run a round now rather than wait for the interval. */
export { ResyncScheduler } from './creator-init/resync.scheduler';
