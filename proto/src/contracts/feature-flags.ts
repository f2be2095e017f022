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

/** Without an environment: the flags of the deployment's own environment (FLAG_ENVIRONMENT). */
export const flagListRequestSchema = z.object({ environment: flagEnvironmentSchema.optional() }).strict();
export const flagListReplySchema = z.object({
  /** The deployment's environment: flags can be created and changed only in `development`. */
  environment: flagEnvironmentSchema,
  flags: z.array(featureFlagSchema),
});
export type FlagListReply = z.infer<typeof flagListReplySchema>;

/** Spec §7: update (id, enabled, lastUpdatedBy, updatedAt); admins only, development only (§6). */
export const flagUpdateRequestSchema = z.object({
  actor: actorSchema,
  id: z.string().uuid(),
  enabled: z.boolean(),
});
export const flagUpdateReplySchema = featureFlagSchema;

/** What an admin types to create a flag (spec §7 create: name, enabled, description). */
export const flagCreateInputSchema = z
  .object({
    name: flagNameSchema,
    description: z.string().trim().max(500).default(''),
    enabled: z.boolean().default(false),
  })
  .strict();
export type FlagCreateInput = z.infer<typeof flagCreateInputSchema>;
/** Spec §7: create; admins only, in the development environment only (§6, §9). */
export const flagCreateRequestSchema = flagCreateInputSchema.extend({ actor: actorSchema });
export const flagCreateReplySchema = featureFlagSchema;

/** GET /api/environment: the page's environment (spec §9) and whether /dev/* is routed for its host. */
export const environmentReplySchema = z.object({
  environment: flagEnvironmentSchema,
  developerPages: z.boolean(),
});
export type EnvironmentReply = z.infer<typeof environmentReplySchema>;

/** The flag that makes everyone premium and skips rate-limit checks (spec §6). */
export const BYPASS_SUBSCRIPTIONS_FLAG = 'bypassSubscriptions';
