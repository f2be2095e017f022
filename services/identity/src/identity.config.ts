import { ServiceConfig, baseConfigSchema, dataDirSchema, secret } from '@backtalk/kit';
import { z } from 'zod';
import { oauthConfigShape } from './oauth/oauth.config';
import { normalizePem, parseEs256PrivateKey } from './signing-key/es256-key';
import { parseKeyEncryptionKey } from './signing-key/signing-key.cipher';

const jwtPrivateKey = z
  .string()
  .transform(normalizePem)
  .superRefine((pem, context) => {
    try {
      parseEs256PrivateKey(pem);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

const keyEncryptionKeys = z.string().superRefine((text, context) => {
  for (const part of text.split(',')) {
    try {
      parseKeyEncryptionKey(part);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }
});

export const identityConfigSchema = baseConfigSchema.extend({
  JWT_PRIVATE_KEY: secret(
    jwtPrivateKey
      .optional()
      .meta({ defaultText: 'generated and stored on first start' })
      .describe(
        'PEM (PKCS8) EC P-256 private key that signs access and id tokens (ES256); without it, identity generates one on first start and keeps it, encrypted, in its schema',
      ),
  ),
  JWT_KEY_ENCRYPTION_KEY: secret(
    keyEncryptionKeys
      .optional()
      .meta({
        defaultText:
          'standalone: generated in `<BACKTALK_DATA_DIR>/identity` (mode 0600); cluster: required without `JWT_PRIVATE_KEY`',
      })
      .describe(
        '32 random bytes (base64 or hex, `openssl rand -base64 32`) that encrypt the stored signing key (AES-256-GCM) when `JWT_PRIVATE_KEY` is not set; see docs/security.md, 7.14',
      ),
  ),
  JWT_KEY_ENCRYPTION_PREVIOUS_KEYS: secret(
    keyEncryptionKeys
      .optional()
      .meta({ defaultText: 'empty' })
      .describe('former `JWT_KEY_ENCRYPTION_KEY` values, comma-separated, still read during a rotation'),
  ),
  BACKTALK_DATA_DIR: dataDirSchema,
  JWT_ISSUER: z
    .string()
    .min(1)
    .default('backtalk-identity')
    .describe('`iss` of every token; the gateway reads it from `identity.jwks.get`'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(900)
    .describe('lifetime of access and id tokens'),
  GUEST_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe(
      'unconverted guests inactive this long (last activity, else creation) are deleted, with their sessions; `identity.guest.purged` announces them',
    ),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(31_536_000)
    .default(2_592_000)
    .describe(
      'lifetime of a refresh token; each rotation (on every use) issues a new one with a full lifetime',
    ),
  ...oauthConfigShape,
});
/** Injected by type: `constructor(private readonly config: IdentityConfig)`. */
export class IdentityConfig extends ServiceConfig(identityConfigSchema) {}
