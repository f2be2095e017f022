import { baseConfigSchema, secret } from '@backtalk/kit';
import { z } from 'zod';
import { normalizePem, parseEs256PrivateKey } from './signing-key/es256-key';

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

export const identityConfigSchema = baseConfigSchema.extend({
  /**
   * PEM (PKCS8) EC P-256 private key that signs access and id tokens (ES256).
   * Without it, identity generates one on first start and keeps it in its schema.
   */
  JWT_PRIVATE_KEY: secret(jwtPrivateKey.optional()),
  /** The `iss` of every token; the gateway reads it from identity.jwks.get. */
  JWT_ISSUER: z.string().min(1).default('backtalk-identity'),
  /** Lifetime of access and id tokens. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Lifetime of a refresh token; each rotation issues a new one with a full lifetime. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(2_592_000),
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;
