import { z } from 'zod';
import { AGE_BANDS, isAdmin } from '../browser';

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

/** A fan's age band (docs/safety.md, "Age"): what tokens carry instead of a birth date. */
export const ageBandSchema = z.enum(AGE_BANDS);

/** The caller's identity as the gateway verified it; services authorize against it. */
export const actorSchema = z.object({
  userId: idSchema,
  userType: z.enum(['guest', 'authenticated']),
  groups: z.array(z.string()),
  /** The sign-in session (refresh-token family) the access token belongs to, when it names one. */
  sessionId: idSchema.optional(),
  /** The age band the access token carries; absent when unknown (never asked, or a token from before bands). */
  ageBand: ageBandSchema.optional(),
});
export type Actor = z.infer<typeof actorSchema>;

/**
 * The browser behind an auth request, as the gateway saw it (never read from
 * a body): the address after trusted proxies, for per-address limits, and the
 * user agent, to name the session in the user's list of sessions.
 */
export const authClientSchema = z.object({
  ip: z.string().min(1).max(64),
  userAgent: textSchema.max(512).optional(),
});
export type AuthClient = z.infer<typeof authClientSchema>;

export { isAdmin };
