import type { ServiceDefinition } from '@backtalk/kit';
import { IngestionModule } from './ingestion.module';
import { ingestionDatabase } from './ingestion.database';

export const ingestionService: ServiceDefinition = {
  name: 'ingestion',
  module: (env) => IngestionModule.register(env),
  database: ingestionDatabase,
};
