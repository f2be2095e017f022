import {
  fanMemorySchema,
  idSchema,
  memoryDeleteReplySchema,
  memoryForgetReplySchema,
  memoryListQuerySchema,
  memoryListReplySchema,
  memorySettingsBodySchema,
  memorySettingsReplySchema,
  memoryUpdateBodySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The proto schemas minus what the gateway fills in (the actor from the token, ids from the path).

export class MemoryListQuery extends createZodDto(memoryListQuerySchema) {}
export class MemoryListResponse extends createZodDto(memoryListReplySchema) {}
export class MemoryIdParams extends createZodDto(z.object({ memoryId: idSchema }).strict()) {}
export class MemoryUpdateBody extends createZodDto(memoryUpdateBodySchema) {}
export class MemoryResponse extends createZodDto(fanMemorySchema) {}
export class MemoryDeleteResponse extends createZodDto(memoryDeleteReplySchema) {}
export class MemoryForgetResponse extends createZodDto(memoryForgetReplySchema) {}
export class MemorySettingsBody extends createZodDto(memorySettingsBodySchema) {}
export class MemorySettingsResponse extends createZodDto(memorySettingsReplySchema) {}
