import { guestCreateReplySchema, sessionGetReplySchema, tokenRefreshReplySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class GuestCreateBody extends createZodDto(
  z.object({ creatorId: z.string().min(1).max(64).default('default') }).strict(),
) {}
export class GuestCreateResponse extends createZodDto(guestCreateReplySchema) {}

export class RefreshBody extends createZodDto(
  z.object({ refreshToken: z.string().min(16).max(512) }).strict(),
) {}
export class RefreshResponse extends createZodDto(tokenRefreshReplySchema) {}

export class SessionResponse extends createZodDto(sessionGetReplySchema) {}
