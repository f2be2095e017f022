import {
  guestCreateReplySchema,
  guestCreateRequestSchema,
  sessionGetReplySchema,
  tokenRefreshReplySchema,
  tokenRefreshRequestSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The address and user agent of a guest come from the request, not the body; a browser
// that names no creator yet (the landing page) gets the default one.
export class GuestCreateBody extends createZodDto(
  z
    .object({ creatorId: guestCreateRequestSchema.shape.creatorId.default('default') })
    .strict()
    // No body at all (Express leaves it undefined) is the same as `{}`.
    .default({ creatorId: 'default' }),
) {}
export class GuestCreateResponse extends createZodDto(guestCreateReplySchema) {}

export class RefreshBody extends createZodDto(tokenRefreshRequestSchema.strict()) {}
export class RefreshResponse extends createZodDto(tokenRefreshReplySchema) {}

export class SessionResponse extends createZodDto(sessionGetReplySchema) {}
