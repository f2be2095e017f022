import { baseConfigSchema } from '@backtalk/kit';

export const chatInferenceConfigSchema = baseConfigSchema;
