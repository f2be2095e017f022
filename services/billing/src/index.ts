import type { ServiceDefinition } from '@backtalk/kit';
import { billingConfigSchema } from './billing.config';
import { BillingModule } from './billing.module';
import { billingDatabase } from './billing.database';

export const billingService: ServiceDefinition = {
  name: 'billing',
  config: billingConfigSchema,
  module: (env) => BillingModule.register(env),
  database: billingDatabase,
};
