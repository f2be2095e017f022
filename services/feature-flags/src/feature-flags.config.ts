import { baseConfigSchema } from '@backtalk/kit';

export const featureFlagsConfigSchema = baseConfigSchema;
