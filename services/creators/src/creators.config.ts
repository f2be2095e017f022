import { baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';
import type { z } from 'zod';

export const creatorsConfigSchema = baseConfigSchema.extend({
  /** Seed the fictional demo creators and their posts on start (standalone mode turns it on). */
  DEMO_DATA: booleanFlagSchema.default(false),
});
export type CreatorsConfig = z.output<typeof creatorsConfigSchema>;
