import { z } from 'zod';
import { actorSchema, emptySchema, idSchema, textSchema } from './common';

export const jwkSchema = z.object({ kty: z.string(), kid: z.string(), alg: z.string() }).passthrough();
export const jwksGetRequestSchema = emptySchema;
export const jwksGetReplySchema = z.object({ keys: z.array(jwkSchema).min(1), issuer: z.string() });
export type JwksGetReply = z.infer<typeof jwksGetReplySchema>;

export const tokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
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

export const tokenRefreshRequestSchema = z.object({ refreshToken: textSchema.min(16).max(512) });
export const tokenRefreshReplySchema = z.object({ tokens: tokensSchema });
export type TokenRefreshReply = z.infer<typeof tokenRefreshReplySchema>;

export const tokenRevokeRequestSchema = z.object({ refreshToken: textSchema.min(16).max(512) });
export const tokenRevokeReplySchema = z.object({ revoked: z.boolean() });

export const sessionGetRequestSchema = z.object({ actor: actorSchema });
export const sessionGetReplySchema = z.object({
  userId: idSchema,
  userType: z.enum(['guest', 'authenticated']),
  groups: z.array(z.string()),
  email: z.string().nullable(),
  isCreator: z.boolean(),
});
export type SessionGetReply = z.infer<typeof sessionGetReplySchema>;

/** Guests identity deleted (user, password, sessions), in batches of at most 500. */
export const guestPurgedEventSchema = z.object({ userIds: z.array(idSchema).min(1).max(500) });
export type GuestPurgedEvent = z.infer<typeof guestPurgedEventSchema>;
