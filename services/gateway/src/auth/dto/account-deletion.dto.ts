import { accountDeleteReplySchema, accountDeleteRequestSchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

/** The confirmation and, for an account with a password, the password (docs/retention.md). */
export class AccountDeleteBody extends createZodDto(
  accountDeleteRequestSchema.omit({ actor: true, client: true }).strict(),
) {}
export class AccountDeleteResponse extends createZodDto(accountDeleteReplySchema) {}
