import { baseConfigSchema } from '@backtalk/kit';

export const ingestionConfigSchema = baseConfigSchema;
