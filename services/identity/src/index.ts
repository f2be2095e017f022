import type { ServiceDefinition } from '@backtalk/kit';
import { IdentityModule } from './identity.module';
import { identityDatabase } from './identity.database';

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: (env) => IdentityModule.register(env),
  database: identityDatabase,
};
