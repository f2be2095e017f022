import { z } from 'zod';
import { actorSchema, authClientSchema } from './common';
import { passwordSchema } from './auth';

/**
 * A signed-in user deletes their own account (docs/retention.md). Accounts with a
 * password prove it again (re-authentication, as a password change does); an account
 * signed in only through a provider has none to give. `confirm` is the word the
 * confirmation step asks for, so a stray request cannot delete an account.
 */
export const accountDeleteRequestSchema = z.object({
  actor: actorSchema,
  client: authClientSchema,
  password: passwordSchema.optional(),
  confirm: z.literal('DELETE', { message: 'Type DELETE to confirm that the account should be deleted.' }),
});
export const accountDeleteReplySchema = z.object({ deleted: z.literal(true) });
export type AccountDeleteRequest = z.infer<typeof accountDeleteRequestSchema>;

/**
 * Identity deleted an account: each service holding that user's data erases it on
 * its own schedule (docs/retention.md). Carried durably to every such service.
 */
export const accountDeletedPayloadSchema = z.object({
  userId: z.string().uuid(),
  /** When the account was deleted (ISO 8601): the start of every term. */
  deletedAt: z.string().datetime(),
  /** The account had a creator profile (creators' and billing's creator records follow it). */
  wasCreator: z.boolean(),
});
export type AccountDeletedPayload = z.infer<typeof accountDeletedPayloadSchema>;
