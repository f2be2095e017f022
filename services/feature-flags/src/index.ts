import type { ServiceDefinition } from '@backtalk/kit';
import { FeatureFlagsModule } from './feature-flags.module';
import { featureFlagsDatabase } from './feature-flags.database';

export const featureFlagsService: ServiceDefinition = {
  name: 'feature-flags',
  module: (env) => FeatureFlagsModule.register(env),
  database: featureFlagsDatabase,
};
