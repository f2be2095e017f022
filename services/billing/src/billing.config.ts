import { ServiceConfig, baseConfigSchema } from '@backtalk/kit';

export const billingConfigSchema = baseConfigSchema;
/** Injected by type: `constructor(private readonly config: BillingConfig)`. */
export class BillingConfig extends ServiceConfig(billingConfigSchema) {}
