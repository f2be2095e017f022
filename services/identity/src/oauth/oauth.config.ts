import { ConfigError, secret } from '@backtalk/kit';
import type { OAuthProvider } from '@backtalk/proto';
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** An OpenID issuer: https, or http on a loopback host (a local provider in development and tests). */
const issuerSchema = z
  .string()
  .url()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  }, 'must be an https URL (http only on localhost)');

const clientId = z.string().trim().min(1).max(512);
const clientSecret = z.string().min(1).max(4096);

/** Apple's signing key for the client secret: the .p8 file's PEM (PKCS8, EC P-256); `\n` escapes are accepted. */
const applePrivateKey = z
  .string()
  .transform((pem) => pem.replace(/\\n/g, '\n').trim())
  .refine((pem) => {
    try {
      const key = createPrivateKey(pem);
      return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
    } catch {
      return false;
    }
  }, 'must be the PEM of the .p8 key Apple issued (an EC P-256 key, -----BEGIN PRIVATE KEY----- …)');

/**
 * OAuth / OpenID Connect providers (docs/architecture.md, "OAuth sign-in").
 * A provider is enabled by its client credentials alone; its button appears
 * only then. Each `*_ISSUER` points the provider at any OpenID issuer, which
 * is how a local provider stands in for it in development and tests.
 */
export const oauthConfigShape = {
  OAUTH_GOOGLE_CLIENT_ID: clientId
    .optional()
    .describe('Google OAuth client id; with `OAUTH_GOOGLE_CLIENT_SECRET` it enables Sign In with Google'),
  OAUTH_GOOGLE_CLIENT_SECRET: secret(clientSecret.optional().describe('Google OAuth client secret')),
  OAUTH_GOOGLE_ISSUER: issuerSchema
    .default('https://accounts.google.com')
    .describe('OpenID issuer Google sign-in discovers (another issuer stands in for Google, e.g. in tests)'),
  OAUTH_APPLE_CLIENT_ID: clientId
    .optional()
    .describe(
      'Sign in with Apple Services ID; with the team id, key id and private key it enables Sign In with Apple',
    ),
  OAUTH_APPLE_TEAM_ID: z.string().trim().min(1).max(64).optional().describe('Apple developer team id'),
  OAUTH_APPLE_KEY_ID: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('id of the Sign in with Apple key that signs the client secret'),
  OAUTH_APPLE_PRIVATE_KEY: secret(
    applePrivateKey
      .optional()
      .describe(
        'that key (the .p8 PEM); identity signs a short-lived ES256 client secret with it for each code exchange',
      ),
  ),
  OAUTH_APPLE_ISSUER: issuerSchema
    .default('https://appleid.apple.com')
    .describe('OpenID issuer Apple sign-in discovers (another issuer stands in for Apple, e.g. in tests)'),
  OAUTH_AMAZON_CLIENT_ID: clientId
    .optional()
    .describe(
      'Login with Amazon client id; with `OAUTH_AMAZON_CLIENT_SECRET` it enables Sign In with Amazon',
    ),
  OAUTH_AMAZON_CLIENT_SECRET: secret(clientSecret.optional().describe('Login with Amazon client secret')),
  OAUTH_AMAZON_ISSUER: issuerSchema
    .optional()
    .meta({ defaultText: "unset: Login with Amazon's OAuth 2 endpoints and profile API" })
    .describe('an OpenID issuer to use instead of Login with Amazon (e.g. in tests)'),
  OAUTH_FACEBOOK_CLIENT_ID: clientId
    .optional()
    .describe('Facebook app id; with `OAUTH_FACEBOOK_CLIENT_SECRET` it enables Sign In with Facebook'),
  OAUTH_FACEBOOK_CLIENT_SECRET: secret(clientSecret.optional().describe('Facebook app secret')),
  OAUTH_FACEBOOK_ISSUER: issuerSchema
    .optional()
    .meta({ defaultText: "unset: Facebook Login's OAuth 2 endpoints and Graph API" })
    .describe('an OpenID issuer to use instead of Facebook Login (e.g. in tests)'),
  OAUTH_AUTHORIZATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3600)
    .default(600)
    .describe('how long a started OAuth sign-in may take at the provider before it must be started again'),
  OAUTH_HTTP_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(10)
    .describe("how long identity waits for an OAuth provider's discovery, token and userinfo endpoints"),
};

type OAuthConfigValues = z.output<z.ZodObject<typeof oauthConfigShape>>;

/** A provider's settings once all of its variables are set. */
export type OAuthProviderSettings =
  | { provider: 'google' | 'amazon' | 'facebook'; clientId: string; clientSecret: string; issuer?: string }
  | {
      provider: 'apple';
      clientId: string;
      teamId: string;
      keyId: string;
      privateKey: string;
      issuer: string;
    };

/**
 * The providers whose variables are all set. Some but not all of a provider's
 * variables is a mistake worth stopping for: the error names what is missing.
 */
export function configuredOAuthProviders(config: OAuthConfigValues): OAuthProviderSettings[] {
  const problems: { variable: string; message: string }[] = [];
  const settings: OAuthProviderSettings[] = [];
  const complete = (provider: OAuthProvider, variables: Record<string, string | undefined>): boolean => {
    const missing = Object.keys(variables).filter((name) => variables[name] === undefined);
    if (missing.length === 0) return true;
    if (missing.length < Object.keys(variables).length)
      for (const variable of missing)
        problems.push({
          variable,
          message: `is required to enable ${provider} sign-in (the others are set)`,
        });
    return false;
  };
  const secretProviders = [
    ['google', config.OAUTH_GOOGLE_CLIENT_ID, config.OAUTH_GOOGLE_CLIENT_SECRET, config.OAUTH_GOOGLE_ISSUER],
    ['amazon', config.OAUTH_AMAZON_CLIENT_ID, config.OAUTH_AMAZON_CLIENT_SECRET, config.OAUTH_AMAZON_ISSUER],
    [
      'facebook',
      config.OAUTH_FACEBOOK_CLIENT_ID,
      config.OAUTH_FACEBOOK_CLIENT_SECRET,
      config.OAUTH_FACEBOOK_ISSUER,
    ],
  ] as const;
  for (const [provider, id, secretValue, issuer] of secretProviders) {
    const upper = provider.toUpperCase();
    if (
      complete(provider, { [`OAUTH_${upper}_CLIENT_ID`]: id, [`OAUTH_${upper}_CLIENT_SECRET`]: secretValue })
    )
      settings.push({ provider, clientId: id!, clientSecret: secretValue!, ...(issuer ? { issuer } : {}) });
  }
  const apple = {
    OAUTH_APPLE_CLIENT_ID: config.OAUTH_APPLE_CLIENT_ID,
    OAUTH_APPLE_TEAM_ID: config.OAUTH_APPLE_TEAM_ID,
    OAUTH_APPLE_KEY_ID: config.OAUTH_APPLE_KEY_ID,
    OAUTH_APPLE_PRIVATE_KEY: config.OAUTH_APPLE_PRIVATE_KEY,
  };
  if (complete('apple', apple))
    settings.push({
      provider: 'apple',
      clientId: apple.OAUTH_APPLE_CLIENT_ID!,
      teamId: apple.OAUTH_APPLE_TEAM_ID!,
      keyId: apple.OAUTH_APPLE_KEY_ID!,
      privateKey: apple.OAUTH_APPLE_PRIVATE_KEY!,
      issuer: config.OAUTH_APPLE_ISSUER,
    });
  if (problems.length) throw new ConfigError(problems);
  return settings;
}
