import { ServiceConfig, baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';

export const creatorsConfigSchema = baseConfigSchema.extend({
  DEMO_DATA: booleanFlagSchema
    .default(false)
    .meta({ defaultText: '`false` (`true` in standalone)' })
    .describe('seed the fictional demo creators and their posts on start'),
  DEMO_BOUNDARIES: booleanFlagSchema
    .default(false)
    .describe(
      "with DEMO_DATA, also give each demo creator its fixture's two example boundaries (every reply is then judged against them: a chat model that cannot judge gets its replies replaced; `npm run eval:safety` sets it)",
    ),
});
/** Injected by type: `constructor(private readonly config: CreatorsConfig)`. */
export class CreatorsConfig extends ServiceConfig(creatorsConfigSchema) {}
