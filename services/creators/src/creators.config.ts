import { ServiceConfig, baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';

export const creatorsConfigSchema = baseConfigSchema.extend({
  DEMO_DATA: booleanFlagSchema
    .default(false)
    .meta({ defaultText: '`false` (`true` in standalone)' })
    .describe('seed the fictional demo creators and their posts on start'),
});
/** Injected by type: `constructor(private readonly config: CreatorsConfig)`. */
export class CreatorsConfig extends ServiceConfig(creatorsConfigSchema) {}
