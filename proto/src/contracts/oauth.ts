import { z } from 'zod';
import { OAUTH_ERROR_REASONS, OAUTH_PROVIDERS } from '../browser';
import { authClientSchema, textSchema } from './common';
import { refreshTokenValueSchema, tokensSchema } from './identity';

/*
 * OAuth 2 / OpenID Connect sign-in (spec §1, §7 "OAuth hosted UI", §9): the
 * authorization code flow with PKCE S256, run by identity with openid-client.
 * The gateway turns these into GET /api/auth/oauth/{provider}/start and
 * GET|POST /api/auth/oauth/{provider}/callback (docs/architecture.md, "OAuth sign-in").
 */

export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);

/**
 * Where the browser goes after signing in: a path on this site only (open
 * redirect defence) — one leading slash, no scheme, no `//` or `/\` (which
 * browsers read as another host), no backslashes, spaces or control characters.
 */
export const returnPathSchema = textSchema
  .max(512)
  .regex(
    /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/u,
    'must be a path on this site, starting with a single /',
  );

/** The gateway's public callback address (https, or http on a loopback host for local runs). */
const callbackUrlSchema = z
  .url()
  .max(2048)
  .refine((value) => {
    // Refinements run after a failed format check too: a value that is no URL is simply refused.
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  }, 'must be https (or http on localhost)');

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The random value of the binding cookie that ties a pending sign-in to the browser that started it. */
export const oauthBindingSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a binding cookie value');

export const oauthStartRequestSchema = z.object({
  provider: oauthProviderSchema,
  /** `${PUBLIC_URL}/api/auth/oauth/{provider}/callback`, registered at the provider. */
  callbackUrl: callbackUrlSchema,
  returnTo: returnPathSchema.optional(),
  /** The browser's refresh cookie, if any: when it is a guest's, the guest's chats move to the account. */
  refreshToken: refreshTokenValueSchema.optional(),
  client: authClientSchema,
});
export type OAuthStartRequest = z.infer<typeof oauthStartRequestSchema>;

export const oauthStartReplySchema = z.object({
  /** The provider's authorization endpoint with every parameter (state, PKCE challenge, nonce, scopes). */
  authorizationUrl: z.url(),
  /** The binding cookie's value (the pending sign-in stores only its hash). */
  binding: oauthBindingSchema,
  /** How long the pending sign-in (and so the cookie) lives, in seconds. */
  expiresIn: z.number().int().positive(),
  /** `form_post` (Apple) comes back as a cross-site POST, so its cookie must be SameSite=None. */
  responseMode: z.enum(['query', 'form_post']),
});
export type OAuthStartReply = z.infer<typeof oauthStartReplySchema>;

/** The authorization response parameters identity reads (others a provider adds are dropped by the gateway). */
export const oauthCallbackParamsSchema = z
  .object({
    code: textSchema.min(1).max(4096).optional(),
    state: textSchema.min(1).max(512).optional(),
    error: textSchema.min(1).max(256).optional(),
    error_description: textSchema.max(2048).optional(),
    error_uri: textSchema.max(2048).optional(),
    /** RFC 9207 issuer identification, checked by openid-client when the provider sends it. */
    iss: textSchema.max(2048).optional(),
    /** Apple, first sign-in only: `{"name":{"firstName","lastName"},"email"}` as JSON. */
    user: textSchema.max(4096).optional(),
  })
  .strict()
  .refine(
    (params) => params.error !== undefined || (params.code !== undefined && params.state !== undefined),
    {
      message: 'an authorization response has either `code` and `state`, or `error`',
    },
  );
export type OAuthCallbackParams = z.infer<typeof oauthCallbackParamsSchema>;

export const oauthCallbackRequestSchema = z.object({
  provider: oauthProviderSchema,
  params: oauthCallbackParamsSchema,
  /** The binding cookie the callback request carried, if any. */
  binding: z.string().max(128).optional(),
  client: authClientSchema,
});
export type OAuthCallbackRequest = z.infer<typeof oauthCallbackRequestSchema>;

export const oauthErrorReasonSchema = z.enum(OAUTH_ERROR_REASONS);

/** A failed sign-in is an answer, not an error: the browser is sent to `/sign-in?oauth=error&reason=…`. */
export const oauthCallbackReplySchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('signedIn'),
    session: tokensSchema,
    returnTo: returnPathSchema.optional(),
    /** True when this sign-in created the account. */
    created: z.boolean(),
  }),
  z.object({ outcome: z.literal('failed'), reason: oauthErrorReasonSchema }),
]);
export type OAuthCallbackReply = z.infer<typeof oauthCallbackReplySchema>;

/**
 * Before sign-out revokes the session: the provider's end-session (RP-initiated
 * logout) URL when the session came from a provider that has one.
 */
export const oauthEndSessionRequestSchema = z.object({
  refreshToken: refreshTokenValueSchema,
  /** Where the provider sends the browser after its logout (registered at the provider). */
  postLogoutRedirectUrl: callbackUrlSchema,
});
export const oauthEndSessionReplySchema = z.object({
  endSessionUrl: z.url().nullable(),
  /**
   * The session came from a provider whose logout could not be reached (its discovery failed):
   * Backtalk's session still ends; the web says 'An error occurred when attempting to log out
   * from OAuth provider.' (spec §8).
   */
  providerSignOutFailed: z.literal(true).optional(),
});
export type OAuthEndSessionReply = z.infer<typeof oauthEndSessionReplySchema>;
