import { creatorListReplySchema, creatorSchema, idSchema, postSchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CreatorResponse extends createZodDto(creatorSchema) {}
export class CreatorListResponse extends createZodDto(creatorListReplySchema) {}
export class PostListResponse extends createZodDto(z.object({ posts: z.array(postSchema) })) {}
export class CreatorIdParams extends createZodDto(z.object({ id: idSchema })) {}
/** Spec §2: word characters, dots and hyphens; leading @ characters are stripped. */
export class HandleParams extends createZodDto(
  z.object({
    handle: z
      .string()
      .max(64)
      .regex(/^@*[\w.-]+$/, 'must be word characters, dots and hyphens'),
  }),
) {}
export class CreatorListQuery extends createZodDto(
  z.object({ demoAccount: z.enum(['true', 'false']).optional() }).strict(),
) {}
