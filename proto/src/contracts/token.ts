import { z } from 'zod';
import { AGE_BANDS } from '../browser';

/** The `aud` of every token identity signs; the gateway checks it. */
export const TOKEN_AUDIENCE = 'backtalk';

const userTypeSchema = z.enum(['guest', 'authenticated']);

/**
 * The private claims of an access token (the standard ones — sub, iss, aud,
 * iat, exp, jti — are added when signing). Identity builds them, the gateway
 * parses them, so both read this one schema.
 */
export const accessTokenClaimsSchema = z.object({
  /** 'access' or 'id', so one kind cannot be presented as the other. */
  token_use: z.literal('access'),
  user_type: userTypeSchema,
  groups: z.array(z.string()),
  username: z.string(),
  /** The session (refresh-token family) the token was issued in; lets a user see which session is theirs. */
  sid: z.string().uuid().optional(),
  /** The fan's age band, never the birth date (docs/safety.md, "Age"); absent when not known yet. */
  age_band: z.enum(AGE_BANDS).optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const idTokenClaimsSchema = accessTokenClaimsSchema.extend({
  token_use: z.literal('id'),
  email: z.string().nullable(),
  email_verified: z.boolean().optional(),
  /** OIDC's claim, present when the account has a phone number: whether a texted code verified it. */
  phone_number_verified: z.boolean().optional(),
  is_creator: z.boolean(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;
