import type { ServiceDefinition } from '@backtalk/kit';
import { identityConfigSchema } from './identity.config';
import { IdentityModule } from './identity.module';
import { identityDatabase } from './identity.database';

export const identityService: ServiceDefinition = {
  name: 'identity',
  config: identityConfigSchema,
  module: (env) => IdentityModule.register(env),
  database: identityDatabase,
};
export { localKeyEncryptionKey } from './signing-key/signing-key.cipher';
export { isIdentityCommand, runIdentityCommand } from './identity.cli';
export { PurgeGuests } from './guest/purge-guests.use-case';
