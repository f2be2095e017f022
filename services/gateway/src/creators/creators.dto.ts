import {
  audienceSetBodySchema,
  audienceSetReplySchema,
  idSchema,
  creatorGetRequestSchema,
  creatorListQuerySchema,
  creatorListReplySchema,
  creatorSchema,
  handleParamSchema,
  postSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CreatorResponse extends createZodDto(creatorSchema) {}
export class CreatorListResponse extends createZodDto(creatorListReplySchema) {}
/** Posts without transcripts: the public list never carries them. */
export class PostListResponse extends createZodDto(z.object({ posts: z.array(postSchema) })) {}
export class CreatorIdParams extends createZodDto(creatorGetRequestSchema) {}
/** Spec §2: word characters, dots and hyphens; leading @ characters are stripped. */
export class HandleParams extends createZodDto(z.object({ handle: handleParamSchema })) {}
/** A stored cover: `tiktok-data/<creatorId>/<awemeId>/<file>`. */
export class MediaParams extends createZodDto(
  z
    .object({
      creatorId: idSchema,
      awemeId: z.string().regex(/^[\w-]{1,64}$/),
      file: z.string().regex(/^((cover|avatar)\.(jpg|png|webp|svg)|captions\.vtt)$/),
    })
    .strict(),
) {}
export class CreatorListQuery extends createZodDto(creatorListQuerySchema) {}

/** A creator's audience minimum (docs/safety.md, "Age"). */
export class AudienceSetBody extends createZodDto(audienceSetBodySchema) {}
export class AudienceSetResponse extends createZodDto(audienceSetReplySchema) {}
