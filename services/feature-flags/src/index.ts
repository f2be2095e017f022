import type { ServiceDefinition } from '@backtalk/kit';
import { featureFlagsConfigSchema } from './feature-flags.config';
import { FeatureFlagsModule } from './feature-flags.module';
import { featureFlagsDatabase } from './feature-flags.database';

export const featureFlagsService: ServiceDefinition = {
  name: 'feature-flags',
  config: featureFlagsConfigSchema,
  module: (env) => FeatureFlagsModule.register(env),
  database: featureFlagsDatabase,
};
