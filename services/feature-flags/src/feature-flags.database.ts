import type { ServiceDatabase } from '@backtalk/kit';
import { FeatureFlagEntity } from './feature-flag/feature-flag.entity';
import { migrations } from './migrations';

export const featureFlagsDatabase: ServiceDatabase = {
  schema: 'feature_flags',
  entities: [FeatureFlagEntity],
  migrations,
};
