import { z } from 'zod';
import { isAdmin } from '../browser';

export const idSchema = z.string().uuid();
export const isoDateSchema = z.string().datetime({ offset: true });
export const emptySchema = z.object({}).strict();

/**
 * Text a user typed. PostgreSQL cannot store the NUL character (a request
 * carrying one used to reach the insert and answer 500), and a lone UTF-16
 * surrogate is silently replaced on the way to UTF-8, so both are refused here,
 * where HTTP and NATS callers meet the same rule. Every user-text field of a
 * request schema starts from this one.
 */
export const textSchema = z
  .string()
  // Written without the `u` flag (a character outside the BMP is a surrogate pair), so the
  // pattern the OpenAPI document carries means the same in every JSON Schema validator,
  // whether it compiles patterns with Unicode semantics or not.
  .regex(
    /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/,
    'must not contain the NUL character or unpaired surrogates',
  );

/** The caller's identity as the gateway verified it; services authorize against it. */
export const actorSchema = z.object({
  userId: idSchema,
  userType: z.enum(['guest', 'authenticated']),
  groups: z.array(z.string()),
});
export type Actor = z.infer<typeof actorSchema>;

export { isAdmin };
