import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { identityConfigSchema } from './identity.config';
import { identityDatabase } from './identity.database';

@Module({})
export class IdentityModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceKitModule.forService({
          name: 'identity',
          config: identityConfigSchema,
          database: identityDatabase,
          healthSubject: Subjects.IdentityHealthCheck,
          env,
        }),
      ],
    };
  }
}
