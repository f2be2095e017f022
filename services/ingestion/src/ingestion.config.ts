import { z } from 'zod';
import { postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema } from '@backtalk/kit';

/** Ingestion embeds posts and builds the post index with the same settings chat-inference reads it with. */
export const ingestionConfigSchema = baseConfigSchema.extend(postIndexConfigShape).extend({
  CONTENT_FIXTURES_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ defaultText: 'unset (`<BACKTALK_DATA_DIR>/content-fixtures` in standalone)' })
    .describe(
      'folder of TikTok profile fixtures (`<handle>.json`, read live on every request); setting it turns on the local fixture content provider, which also serves the demo creators (docs/creators.md)',
    ),
});
/** Injected by type: `constructor(private readonly config: IngestionConfig)`. */
export class IngestionConfig extends ServiceConfig(ingestionConfigSchema) {}
