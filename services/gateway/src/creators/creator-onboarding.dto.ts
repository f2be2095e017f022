import {
  creatorPromptSchema,
  dataExportImportReplySchema,
  dataExportImportRequestSchema,
  initStatusSchema,
  resyncStartReplySchema,
  idSchema,
  promptRollbackRequestSchema,
  promptUpdateRequestSchema,
  providerListReplySchema,
  textSchema,
  tikTokConnectStartReplySchema,
  tikTokConnectionDeleteReplySchema,
  tikTokConnectionGetReplySchema,
  verificationCheckReplySchema,
  verificationKeyCreateReplySchema,
  verificationKeyCreateRequestSchema,
  verificationKeyGetReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Request bodies are the proto schemas minus the actor (from the token), strict.

export class VerificationKeyResponse extends createZodDto(verificationKeyGetReplySchema) {}
/** Spec §7 createCreatorVerificationKeyFunc({tikTokUserId}). */
export class VerificationKeyCreateBody extends createZodDto(
  verificationKeyCreateRequestSchema.omit({ actor: true }).strict(),
) {}
export class VerificationKeyCreateResponse extends createZodDto(verificationKeyCreateReplySchema) {}
export class VerificationCheckResponse extends createZodDto(verificationCheckReplySchema) {}
export class ContentProvidersResponse extends createZodDto(providerListReplySchema) {}
export class DataExportImportBody extends createZodDto(
  dataExportImportRequestSchema.omit({ actor: true }).strict(),
) {}
export class DataExportImportResponse extends createZodDto(dataExportImportReplySchema) {}

export class CreatorPromptResponse extends createZodDto(creatorPromptSchema) {}
/** `?creatorId=` names a demo creator (admins); without it, the caller's own prompt. */
export class CreatorPromptQuery extends createZodDto(z.object({ creatorId: idSchema.optional() }).strict()) {}
export class CreatorPromptUpdateBody extends createZodDto(
  promptUpdateRequestSchema.omit({ actor: true }).strict(),
) {}
export class CreatorPromptRollbackBody extends createZodDto(
  promptRollbackRequestSchema.omit({ actor: true }).strict(),
) {}

/** Spec §3 CreatorInitStatus as the init screen reads it (docs/creators.md, "Initialisation pipeline"). */
export class CreatorInitStatusResponse extends createZodDto(initStatusSchema) {}
/** `?creatorId=` names another creator (its owner or an admin); without it, the caller's own. */
export class CreatorInitStatusQuery extends createZodDto(
  z.object({ creatorId: idSchema.optional() }).strict(),
) {}
export class CreatorResyncBody extends createZodDto(z.object({ creatorId: idSchema.optional() }).strict()) {}
export class CreatorResyncResponse extends createZodDto(resyncStartReplySchema) {}

/** TikTok's authorize URL; the browser goes there next (the binding cookie is set with it). */
export class TikTokConnectResponse extends createZodDto(
  tikTokConnectStartReplySchema.pick({ authorizationUrl: true }),
) {}
/** TikTok's redirect back, as TikTok sends it (single string values; TikTok may add others, dropped). */
const tikTokParameter = textSchema.max(4096).optional();
export class TikTokCallbackQuery extends createZodDto(
  z
    .object({
      code: tikTokParameter,
      state: tikTokParameter,
      scopes: tikTokParameter,
      error: tikTokParameter,
      error_description: tikTokParameter,
    })
    .catchall(textSchema.max(4096))
    .refine((params) => Object.keys(params).length <= 40, 'at most 40 parameters'),
) {}
export class TikTokConnectionResponse extends createZodDto(tikTokConnectionGetReplySchema) {}
export class TikTokConnectionDeleteResponse extends createZodDto(tikTokConnectionDeleteReplySchema) {}
