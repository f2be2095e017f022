import { z } from 'zod';
import { chatModelConfigShape, postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema, secret } from '@backtalk/kit';

/** Ingestion embeds posts and builds the post index with the same settings chat-inference reads it with. */
/** TikTok's addresses: https, or http on a loopback host (a local stand-in for tests). */
const tikTokUrl = z
  .string()
  .url({ abort: true })
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  }, 'must be an https URL (http only on localhost)');

export const ingestionConfigSchema = baseConfigSchema
  .extend(postIndexConfigShape)
  // The model that writes a persona's essence, configured as chat-inference's is.
  .extend(chatModelConfigShape)
  .extend({
    TIKTOK_CLIENT_KEY: z
      .string()
      .regex(/^[\w-]{4,128}$/, 'must be the client key of a TikTok app (letters, digits, - and _)')
      .optional()
      .describe(
        'the client key of your TikTok app (developers.tiktok.com, Login Kit for Web with user.info.basic, user.info.profile, user.info.stats, video.list); with `TIKTOK_CLIENT_SECRET` it turns on the TikTok API content provider (docs/creators.md)',
      ),
    TIKTOK_CLIENT_SECRET: secret(
      z.string().min(8).max(256).optional().describe('the client secret of that TikTok app'),
    ),
    TIKTOK_AUTHORIZE_URL: tikTokUrl
      .default('https://www.tiktok.com/v2/auth/authorize/')
      .describe("TikTok Login Kit's authorization page, where a creator connects their account"),
    TIKTOK_API_BASE_URL: tikTokUrl
      .default('https://open.tiktokapis.com')
      .describe("TikTok's API (`/v2/oauth/token/`, `/v2/user/info/`, `/v2/video/list/`)"),

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
  })
  .superRefine((config, context) => {
    // Half a TikTok app is a mistake, not "TikTok off": say so at start.
    if ((config.TIKTOK_CLIENT_KEY === undefined) !== (config.TIKTOK_CLIENT_SECRET === undefined)) {
      const missing = config.TIKTOK_CLIENT_KEY === undefined ? 'TIKTOK_CLIENT_KEY' : 'TIKTOK_CLIENT_SECRET';
      const other = missing === 'TIKTOK_CLIENT_KEY' ? 'TIKTOK_CLIENT_SECRET' : 'TIKTOK_CLIENT_KEY';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required when ${other} is set (the TikTok API provider needs both)`,
      });
    }
  });
/** Injected by type: `constructor(private readonly config: IngestionConfig)`. */
export class IngestionConfig extends ServiceConfig(ingestionConfigSchema) {}
