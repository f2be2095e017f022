import { ServiceConfig, baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';
import { z } from 'zod';

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
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .meta({ defaultText: 'unset (`http://localhost:3000` in links)' })
    .describe(
      'the public address, when behind a proxy. OAuth sign-in builds its redirect URI from it (`<PUBLIC_URL>/api/auth/oauth/<provider>/callback`, registered at each provider) and needs it everywhere but on localhost; the weekly digest email links to the studio and its unsubscribe page there',
    ),
  DIGEST_CHECK_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1440)
    .default(60)
    .describe(
      'how often each creators replica looks for weekly digests due (a week starts Monday 00:00 UTC; every creator gets one email per week whatever the number of replicas); 0 turns the weekly digest job off',
    ),
});
/** Injected by type: `constructor(private readonly config: CreatorsConfig)`. */
export class CreatorsConfig extends ServiceConfig(creatorsConfigSchema) {}
