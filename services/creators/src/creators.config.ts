import { baseConfigSchema } from '@backtalk/kit';

export const creatorsConfigSchema = baseConfigSchema;
