import { z } from 'zod';
import { actorSchema, ageBandSchema, authClientSchema, emptySchema, idSchema, textSchema } from './common';

export const jwkSchema = z.object({ kty: z.string(), kid: z.string(), alg: z.string() }).passthrough();
export const jwksGetRequestSchema = emptySchema;
export const jwksGetReplySchema = z.object({ keys: z.array(jwkSchema).min(1), issuer: z.string() });
export type JwksGetReply = z.infer<typeof jwksGetReplySchema>;

/** What a browser's scripts may hold: the access and id tokens, `expiresIn` seconds from now. */
export const sessionTokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/**
 * Tokens as identity hands them to the gateway. The refresh token travels
 * further only in an HttpOnly cookie (the gateway sets it, `refreshExpiresIn`
 * seconds long); no HTTP body carries it (docs/security.md, "Token storage").
 */
export const tokensSchema = sessionTokensSchema.extend({
  refreshToken: z.string(),
  refreshExpiresIn: z.number().int().positive(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const guestCreateRequestSchema = z.object({
  creatorId: textSchema.min(1).max(64),
  ipAddress: textSchema.max(64).optional(),
  userAgent: textSchema.max(512).optional(),
});
export type GuestCreateRequest = z.infer<typeof guestCreateRequestSchema>;
export const guestCreateReplySchema = z.object({ userId: idSchema, tokens: tokensSchema });
export type GuestCreateReply = z.infer<typeof guestCreateReplySchema>;

/** The refresh token's format: 32 random bytes, base64url (bounds kept loose for older tokens). */
export const refreshTokenValueSchema = textSchema.min(16).max(512);

export const tokenRefreshRequestSchema = z.object({
  refreshToken: refreshTokenValueSchema,
  client: authClientSchema.optional(),
});
/**
 * Fresh tokens. `refreshToken` is absent when the presented token had been
 * rotated a moment before (two tabs refreshing at once, within
 * REFRESH_REUSE_GRACE_SECONDS): the caller keeps the successor it already has.
 */
export const tokenRefreshReplySchema = z.object({
  tokens: tokensSchema.partial({ refreshToken: true, refreshExpiresIn: true }),
});
export type TokenRefreshReply = z.infer<typeof tokenRefreshReplySchema>;

export const tokenRevokeRequestSchema = z.object({ refreshToken: refreshTokenValueSchema });
/** `userId` and `sessionId` name the session that ended, so the gateway stops its access tokens at once. */
export const tokenRevokeReplySchema = z.object({
  revoked: z.boolean(),
  userId: idSchema.optional(),
  sessionId: idSchema.optional(),
});

export const sessionGetRequestSchema = z.object({ actor: actorSchema });
export const sessionGetReplySchema = z.object({
  userId: idSchema,
  userType: z.enum(['guest', 'authenticated']),
  groups: z.array(z.string()),
  email: z.string().nullable(),
  /** Whether the email was proven by a code (always true for a confirmed account; false for guests). */
  emailVerified: z.boolean(),
  /** The account's phone number masked to its last 4 digits (spec §2); absent without one. */
  phoneNumber: z.string().optional(),
  /** Whether a texted code verified that number (spec §4 "Verify attributes"); absent without one. */
  phoneNumberVerified: z.boolean().optional(),
  isCreator: z.boolean(),
  /**
   * The age band now (docs/safety.md, "Age"); null until the user answers: an account gives its
   * birth date, a guest chooses a band. The web asks before the first message.
   */
  ageBand: ageBandSchema.nullable(),
});
export type SessionGetReply = z.infer<typeof sessionGetReplySchema>;

/** Guests identity deleted (user, password, sessions), in batches of at most 500. */
export const guestPurgedEventSchema = z.object({ userIds: z.array(idSchema).min(1).max(500) });
export type GuestPurgedEvent = z.infer<typeof guestPurgedEventSchema>;

/** Internal: creators marks a verified creator's user (idempotent). */
export const userMarkCreatorRequestSchema = z.object({ userId: idSchema }).strict();
export const userMarkCreatorReplySchema = z.object({ isCreator: z.literal(true) });
