import { z } from 'zod';
import { chatModelConfigShape, postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema, secret } from '@backtalk/kit';

/** Ingestion embeds posts and builds the post index with the same settings chat-inference reads it with. */
export const ingestionConfigSchema = baseConfigSchema
  .extend(postIndexConfigShape)
  // The model that writes a persona's essence, configured as chat-inference's is.
  .extend(chatModelConfigShape)
  .extend({
    CONTENT_FIXTURES_DIR: z
      .string()
      .min(1)
      .optional()
      .meta({ defaultText: 'unset (`<BACKTALK_DATA_DIR>/content-fixtures` in standalone)' })
      .describe(
        'folder of TikTok profile fixtures (`<handle>.json`, read live on every request); setting it turns on the local fixture content provider, which also serves the demo creators (docs/creators.md)',
      ),
    OBJECT_STORAGE: z
      .enum(['local', 's3'])
      .default('local')
      .describe(
        'where covers, caption tracks and persona material go (`tiktok-data/`, `customai-kb/`): `local` (a folder) or `s3` (an S3 bucket)',
      ),
    OBJECT_STORAGE_DIR: z
      .string()
      .min(1)
      .optional()
      .meta({ defaultText: '`<BACKTALK_DATA_DIR>/objects`' })
      .describe('the folder of `OBJECT_STORAGE=local`'),
    S3_BUCKET: z.string().min(3).max(63).optional().describe('the bucket of `OBJECT_STORAGE=s3`'),
    S3_ENDPOINT: z
      .string()
      .url()
      .optional()
      .meta({ defaultText: 'AWS' })
      .describe(
        'an S3-compatible server (versitygw, MinIO, …) for `OBJECT_STORAGE=s3`; path-style addressing',
      ),
    S3_REGION: z.string().min(1).default('us-west-2').describe('the region of `OBJECT_STORAGE=s3`'),
    S3_ACCESS_KEY_ID: z
      .string()
      .min(1)
      .optional()
      .meta({ defaultText: 'the AWS default credential chain' })
      .describe('the access key of `OBJECT_STORAGE=s3`'),
    S3_SECRET_ACCESS_KEY: secret(
      z.string().min(1).optional().describe('the secret key of `OBJECT_STORAGE=s3`'),
    ),
    ESSENCE_MAX_TOKENS: z.coerce
      .number()
      .int()
      .min(16)
      .max(4096)
      .default(400)
      .describe("the longest persona essence the model writes at a creator's initialisation, in tokens"),
    RESYNC_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_080)
      .default(360)
      .describe(
        "how often every initialised creator's new posts are fetched (0: never; one creator on demand always works)",
      ),
  });
/** Injected by type: `constructor(private readonly config: IngestionConfig)`. */
export class IngestionConfig extends ServiceConfig(ingestionConfigSchema) {}
