import { z } from 'zod';
import { actorSchema, emptySchema, idSchema, isoDateSchema, textSchema } from './common';
import { handleSchema } from './creators';

/** Where a profile is read from (docs/creators.md, "Content providers"). */
export const contentProviderNameSchema = z.enum(['fixture', 'tiktok-api', 'data-export']);
export type ContentProviderName = z.infer<typeof contentProviderNameSchema>;

/** A TikTok profile as a content provider reads it, live. */
export const contentProfileSchema = z.object({
  provider: contentProviderNameSchema,
  handle: z.string(),
  nickName: z.string(),
  bio: z.string(),
  followerCount: z.number().int().min(0),
  avatarUrl: z.string(),
  secUid: z.string(),
  tikTokUserId: z.string(),
});
export type ContentProfile = z.infer<typeof contentProfileSchema>;

/**
 * Internal (creators asks it): the live profile of a handle, from the first configured
 * provider that knows it. `userId` lets the per-user providers (a data export the user
 * imported) answer for that user only.
 */
export const profileGetRequestSchema = z
  .object({ handle: handleSchema, userId: z.string().min(1).max(128) })
  .strict();
export const profileGetReplySchema = contentProfileSchema;

export const providerListRequestSchema = emptySchema;
export const providerListReplySchema = z.object({
  providers: z.array(z.object({ name: contentProviderNameSchema, configured: z.boolean() })),
});
export type ProviderListReply = z.infer<typeof providerListReplySchema>;

/** The largest data-export archive accepted, in characters of JSON text. */
export const DATA_EXPORT_MAX_LENGTH = 2_000_000;
/** A creator's own TikTok "Download your data" archive (JSON), as uploaded on the verify screen. */
export const dataExportImportRequestSchema = z
  .object({ actor: actorSchema, archive: textSchema.min(2).max(DATA_EXPORT_MAX_LENGTH) })
  .strict();
export const dataExportImportReplySchema = contentProfileSchema;

/** The durable ingestion job (init or re-sync) of one creator; `runId` names the run. */
export const creatorIngestRequestedSchema = z
  .object({
    creatorId: idSchema,
    runId: idSchema,
    userId: z.string().min(1).max(128),
    handle: handleSchema,
  })
  .strict();
export type CreatorIngestRequested = z.infer<typeof creatorIngestRequestedSchema>;

/** A stored cover for the browser (`GET /api/media/tiktok-data/…`); only `tiktok-data/` is served. */
export const mediaGetRequestSchema = z
  .object({
    key: z
      .string()
      .max(512)
      .regex(/^tiktok-data(?:\/(?!\.{1,2}(?:\/|$))[\w.-]+)+$/, 'must be a tiktok-data/ storage key'),
  })
  .strict();
export const mediaGetReplySchema = z.object({ contentType: z.string(), base64: z.string() });

/**
 * /dev/creator-init's 'Get User Data' (spec §2, §7 getTiktokUserFunc without creating anything):
 * the profile and videos of a handle as the configured providers read them now. Nothing is stored.
 */
export const creatorDataGetRequestSchema = z.object({ actor: actorSchema, handle: handleSchema }).strict();
/** The most videos one 'Get User Data' lists. */
export const CREATOR_DATA_MAX_VIDEOS = 50;
export const creatorDataGetReplySchema = z.object({
  profile: contentProfileSchema,
  videos: z.array(
    z.object({
      awemeId: z.string(),
      desc: z.string(),
      createdAt: isoDateSchema,
      videoUrl: z.string(),
      hasCaptions: z.boolean(),
      hasCover: z.boolean(),
    }),
  ),
  /** How many videos the provider listed (only the newest CREATOR_DATA_MAX_VIDEOS are in `videos`). */
  videoCount: z.number().int().min(0),
});
export type CreatorDataGetReply = z.infer<typeof creatorDataGetReplySchema>;

/** The most pasted characters /dev/test-essence takes (the model sees at most the first 2000). */
export const ESSENCE_TEST_MAX_LENGTH = 20_000;
/** /dev/test-essence (spec §7 testEssenceGenerationFunc({content})): one post per paragraph. */
export const essenceTestRequestSchema = z
  .object({
    actor: actorSchema,
    content: textSchema
      .max(ESSENCE_TEST_MAX_LENGTH)
      .refine((content) => content.trim().length > 0, 'Paste some content to generate an essence from.'),
  })
  .strict();
export const essenceTestReplySchema = z.object({ essence: z.string() });

/** One creator's re-sync in a round. */
export const resyncRunSchema = z.object({
  creatorId: idSchema,
  handle: z.string(),
  runId: idSchema,
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** Posts the re-sync added, once it succeeded. */
  newPosts: z.number().int().min(0).nullable(),
  error: z.string().nullable(),
  updatedAt: isoDateSchema,
});
export const resyncRoundStartRequestSchema = z.object({ actor: actorSchema }).strict();
export const resyncRoundGetRequestSchema = z.object({ actor: actorSchema, roundId: idSchema }).strict();
/** A re-sync of every initialised creator (spec §7 checkTiktokAllCreatorsFunc) and where each run is. */
export const resyncRoundReplySchema = z.object({
  roundId: idSchema,
  runs: z.array(resyncRunSchema),
  /** Every run has succeeded or failed. */
  finished: z.boolean(),
});
export type ResyncRoundReply = z.infer<typeof resyncRoundReplySchema>;

/*
 * The official TikTok API provider (docs/creators.md, "TikTok API"): a signed-in user connects
 * their TikTok account through Login Kit (OAuth 2 authorization code; TikTok's web flow has no
 * PKCE). Ingestion keeps the tokens; the gateway turns these into POST /api/creator/tiktok/connect,
 * GET /api/creator/tiktok/callback, GET|DELETE /api/creator/tiktok/connection.
 */

/** The gateway's public callback address (https, or http on a loopback host for local runs). */
const tikTokRedirectUriSchema = z
  .url()
  .max(500)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);
    return (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) && !url.search && !url.hash;
  }, 'must be https (or http on localhost), without query or fragment');

/** The random value of the cookie that ties a pending connection to the browser that started it. */
export const tikTokBindingSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a binding cookie value');

export const tikTokConnectStartRequestSchema = z
  .object({ actor: actorSchema, redirectUri: tikTokRedirectUriSchema })
  .strict();
export const tikTokConnectStartReplySchema = z.object({
  /** TikTok's authorize URL with client_key, scope, response_type, redirect_uri and state. */
  authorizationUrl: z.url(),
  /** The binding cookie's value (the pending connection stores only its hash). */
  binding: tikTokBindingSchema,
  /** How long the pending connection (and the cookie) lives, in seconds. */
  expiresIn: z.number().int().positive(),
});
export type TikTokConnectStartReply = z.infer<typeof tikTokConnectStartReplySchema>;

/** TikTok's redirect back: `code` and `state`, or `error` (the user declined) with `state`. */
export const tikTokCallbackParamsSchema = z
  .object({
    code: textSchema.min(1).max(4096).optional(),
    state: textSchema.min(1).max(512).optional(),
    scopes: textSchema.max(1024).optional(),
    error: textSchema.min(1).max(256).optional(),
    error_description: textSchema.max(2048).optional(),
  })
  .strict();
export type TikTokCallbackParams = z.infer<typeof tikTokCallbackParamsSchema>;

export const tikTokConnectFinishRequestSchema = z
  .object({
    params: tikTokCallbackParamsSchema,
    /** The binding cookie the callback request carried, if any. */
    binding: z.string().max(128).optional(),
    redirectUri: tikTokRedirectUriSchema,
  })
  .strict();
/** A declined or failed exchange is an answer (the browser is told); a bad state is an error (400). */
export const tikTokConnectFinishReplySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('connected'), username: z.string() }),
  z.object({ outcome: z.literal('failed'), reason: z.enum(['denied', 'unavailable']) }),
]);
export type TikTokConnectFinishReply = z.infer<typeof tikTokConnectFinishReplySchema>;

/** The caller's own TikTok connection (never its tokens). */
export const tikTokConnectionSchema = z.object({
  openId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string(),
  scope: z.string(),
  connectedAt: isoDateSchema,
});
export const tikTokConnectionGetRequestSchema = z.object({ actor: actorSchema }).strict();
export const tikTokConnectionGetReplySchema = z.object({ connection: tikTokConnectionSchema.nullable() });
export type TikTokConnectionGetReply = z.infer<typeof tikTokConnectionGetReplySchema>;
export const tikTokConnectionDeleteRequestSchema = z.object({ actor: actorSchema }).strict();
export const tikTokConnectionDeleteReplySchema = z.object({ deleted: z.boolean() });
