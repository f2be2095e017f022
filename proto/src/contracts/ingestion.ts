import { z } from 'zod';
import { actorSchema, emptySchema, idSchema, textSchema } from './common';
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
