import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { FeatureFlagsConfig } from './feature-flags.config';
import { featureFlagsDatabase } from './feature-flags.database';
import { FeatureFlagModule } from './feature-flag/feature-flag.module';

@Module({})
export class FeatureFlagsModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: FeatureFlagsModule,
      imports: [
        ServiceKitModule.forService({
          name: 'feature-flags',
          config: FeatureFlagsConfig,
          database: featureFlagsDatabase,
          healthSubject: Subjects.FeatureFlagsHealthCheck,
          env,
        }),
        FeatureFlagModule,
      ],
    };
  }
}
