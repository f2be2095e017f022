import { ServiceConfig, baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';

export const creatorsConfigSchema = baseConfigSchema.extend({
  /** Seed the fictional demo creators and their posts on start (standalone mode turns it on). */
  DEMO_DATA: booleanFlagSchema.default(false),
});
/** Injected by type: `constructor(private readonly config: CreatorsConfig)`. */
export class CreatorsConfig extends ServiceConfig(creatorsConfigSchema) {}
