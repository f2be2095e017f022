import type { ServiceDefinition } from '@backtalk/kit';
import { creatorsConfigSchema } from './creators.config';
import { CreatorsModule } from './creators.module';
import { creatorsDatabase } from './creators.database';

export const creatorsService: ServiceDefinition = {
  name: 'creators',
  config: creatorsConfigSchema,
  module: (env) => CreatorsModule.register(env),
  database: creatorsDatabase,
};
export { loadDemoFixtures, type DemoCreatorFixture } from './demo-accounts/demo-fixtures';

/** The weekly digest's job, for tests that move its clock (docs/creators.md, "Weekly digest"). */
export { DigestScheduler } from './digest/digest.scheduler';
