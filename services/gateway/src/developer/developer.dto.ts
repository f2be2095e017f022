import {
  actorSchema,
  configVariableSchema,
  creatorDataGetReplySchema,
  creatorDataGetRequestSchema,
  essenceTestReplySchema,
  essenceTestRequestSchema,
  idSchema,
  isoDateSchema,
  resyncRoundReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** One service's configuration, or why it could not be had (the service did not answer). */
const serviceConfigSchema = z.discriminatedUnion('status', [
  z.object({ service: z.string(), status: z.literal('ok'), variables: z.array(configVariableSchema) }),
  z.object({ service: z.string(), status: z.literal('unavailable'), message: z.string() }),
]);

/** /dev/env-vars: every service's configuration with its secrets masked (spec §2, §7 displayEnvVarsFunc). */
export class EnvVarsResponse extends createZodDto(
  z.object({ timestamp: isoDateSchema, services: z.array(serviceConfigSchema) }),
) {}

/** /dev/auth-test: the session the gateway verified and the access token's claims (spec §7 authTestFunc). */
export class AuthTestResponse extends createZodDto(
  z.object({
    actor: actorSchema,
    claims: z.record(z.string(), z.unknown()),
    /** When the access token expires. */
    expiresAt: isoDateSchema.nullable(),
  }),
) {}

// Request bodies are the proto schemas minus the actor (from the token), strict.

/** /dev/creator-init's 'Get User Data': a handle (the text after the last @ of a profile URL). */
export class CreatorDataBody extends createZodDto(
  creatorDataGetRequestSchema.omit({ actor: true }).strict(),
) {}
export class CreatorDataResponse extends createZodDto(creatorDataGetReplySchema) {}

/** /dev/test-essence (spec §7 testEssenceGenerationFunc({content})). */
export class EssenceTestBody extends createZodDto(essenceTestRequestSchema.omit({ actor: true }).strict()) {}
export class EssenceTestResponse extends createZodDto(essenceTestReplySchema) {}

/** /dev/check-all-tiktok: a re-sync round and where each creator's run is. */
export class ResyncRoundResponse extends createZodDto(resyncRoundReplySchema) {}
export class ResyncRoundParams extends createZodDto(z.object({ roundId: idSchema }).strict()) {}
