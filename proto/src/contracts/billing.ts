import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/** Spec §5: active = status 'active', endDate in the future, creatorId matching. */
export const subscriptionGetActiveRequestSchema = z.object({ userId: idSchema, creatorId: idSchema });
export const subscriptionGetActiveReplySchema = z.object({
  active: z.boolean(),
  endDate: isoDateSchema.nullable(),
});
export type SubscriptionGetActiveReply = z.infer<typeof subscriptionGetActiveReplySchema>;
