import { baseConfigSchema } from '@backtalk/kit';

export const billingConfigSchema = baseConfigSchema;
