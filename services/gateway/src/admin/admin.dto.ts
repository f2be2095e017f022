import {
  demoAccountCreateBodySchema,
  demoAccountListReplySchema,
  demoAccountPromptBodySchema,
  demoAccountSchema,
  idSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class DemoAccountListResponse extends createZodDto(demoAccountListReplySchema) {}
export class DemoAccountResponse extends createZodDto(demoAccountSchema) {}
export class DemoAccountPromptBody extends createZodDto(demoAccountPromptBodySchema) {}
export class DemoAccountIdParams extends createZodDto(z.object({ creatorId: idSchema }).strict()) {}
export class DemoAccountCreateBody extends createZodDto(demoAccountCreateBodySchema) {}
