import { z } from 'zod';

export const idSchema = z.string().uuid();
export const isoDateSchema = z.string().datetime({ offset: true });
export const emptySchema = z.object({}).strict();

/** The caller's identity as the gateway verified it; services authorize against it. */
export const actorSchema = z.object({
  userId: idSchema,
  userType: z.enum(['guest', 'authenticated']),
  groups: z.array(z.string()),
});
export type Actor = z.infer<typeof actorSchema>;
