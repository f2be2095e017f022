import { ServiceConfig, baseConfigSchema, secret } from '@backtalk/kit';
import { z } from 'zod';
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
  /**
   * PEM (PKCS8) EC P-256 private key that signs access and id tokens (ES256).
   * Without it, identity generates one on first start and keeps it in its schema.
   */
  JWT_PRIVATE_KEY: secret(jwtPrivateKey.optional()),
  /**
   * Encrypts the stored signing key at rest (AES-256-GCM) when JWT_PRIVATE_KEY is not set:
   * 32 random bytes, base64 or hex. Required in cluster mode without JWT_PRIVATE_KEY;
   * standalone generates one in <BACKTALK_DATA_DIR>/identity (mode 0600).
   */
  JWT_KEY_ENCRYPTION_KEY: secret(keyEncryptionKeys.optional()),
  /** Former JWT_KEY_ENCRYPTION_KEY values, comma-separated, still read during a rotation. */
  JWT_KEY_ENCRYPTION_PREVIOUS_KEYS: secret(keyEncryptionKeys.optional()),
  /** Standalone: the data folder holding the generated key-encryption key. */
  BACKTALK_DATA_DIR: z.string().min(1).default('.backtalk'),
  /** The `iss` of every token; the gateway reads it from identity.jwks.get. */
  JWT_ISSUER: z.string().min(1).default('backtalk-identity'),
  /** Lifetime of access and id tokens. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Unconverted guests inactive this long (by last activity, else creation) are deleted. */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Lifetime of a refresh token; each rotation issues a new one with a full lifetime. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(2_592_000),
});
/** Injected by type: `constructor(private readonly config: IdentityConfig)`. */
export class IdentityConfig extends ServiceConfig(identityConfigSchema) {}
