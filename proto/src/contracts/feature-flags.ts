import { z } from 'zod';
import { actorSchema, isoDateSchema } from './common';

export const flagEnvironmentSchema = z.enum(['development', 'production']);
export type FlagEnvironment = z.infer<typeof flagEnvironmentSchema>;

export const featureFlagSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  enabled: z.boolean(),
  description: z.string(),
  environment: flagEnvironmentSchema,
  lastUpdatedBy: z.string().nullable(),
  updatedAt: isoDateSchema,
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const flagNameSchema = z.string().regex(/^[A-Za-z][\w-]{0,63}$/);
export const flagGetRequestSchema = z.object({ name: flagNameSchema, environment: flagEnvironmentSchema });
/** A flag that does not exist reads as disabled (spec §8: lookup errors fall back to false). */
export const flagGetReplySchema = z.object({ name: z.string(), enabled: z.boolean() });

export const flagListRequestSchema = z.object({ environment: flagEnvironmentSchema.optional() }).strict();
export const flagListReplySchema = z.object({ flags: z.array(featureFlagSchema) });

/** Spec §7: update (id, enabled, lastUpdatedBy, updatedAt); admins only, development only (§6). */
export const flagUpdateRequestSchema = z.object({
  actor: actorSchema,
  id: z.string().uuid(),
  enabled: z.boolean(),
});
export const flagUpdateReplySchema = featureFlagSchema;

/** The flag that makes everyone premium and skips rate-limit checks (spec §6). */
export const BYPASS_SUBSCRIPTIONS_FLAG = 'bypassSubscriptions';
