import { z } from 'zod';
import { actorSchema } from './common';

/**
 * One configuration variable as a service reports it (the developer env-vars page, spec §2):
 * secrets never carry their value, only whether one is set.
 */
export const configVariableSchema = z.discriminatedUnion('secret', [
  z.object({ name: z.string(), secret: z.literal(false), value: z.string().nullable() }),
  z.object({ name: z.string(), secret: z.literal(true), isSet: z.boolean() }),
]);
export type ConfigVariable = z.infer<typeof configVariableSchema>;

/** Admins only: the owning service checks the actor. */
export const configShowRequestSchema = z.object({ actor: actorSchema }).strict();
export const configShowReplySchema = z.object({
  service: z.string(),
  variables: z.array(configVariableSchema),
});
export type ConfigShowReply = z.infer<typeof configShowReplySchema>;
