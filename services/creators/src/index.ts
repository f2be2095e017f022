import type { ServiceDefinition } from '@backtalk/kit';
import { CreatorsModule } from './creators.module';
import { creatorsDatabase } from './creators.database';

export const creatorsService: ServiceDefinition = {
  name: 'creators',
  module: (env) => CreatorsModule.register(env),
  database: creatorsDatabase,
};
