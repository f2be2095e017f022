import { baseConfigSchema } from '@backtalk/kit';

export const identityConfigSchema = baseConfigSchema;
