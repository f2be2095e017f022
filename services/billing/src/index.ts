import type { ServiceDefinition } from '@backtalk/kit';
import { BillingModule } from './billing.module';
import { billingDatabase } from './billing.database';

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: (env) => BillingModule.register(env),
  database: billingDatabase,
};
