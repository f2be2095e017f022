import { z } from 'zod';
import { idSchema } from './common';

/**
 * The facts chat-inference reads from other services at every send and keeps per replica
 * (docs/architecture.md, "Facts a send reads from other services"): creators' persona reply,
 * billing's creator payment onboarding and a fan's subscription to a creator. The owners announce
 * each change durably; chat-inference's consumer hands it to every replica, which drops its copy.
 */

/** Durable, creators → chat-inference: something in the persona reply (`creators.persona.get`) changed. */
export const personaChangedSchema = z.object({ creatorId: idSchema }).strict();
export type PersonaChanged = z.infer<typeof personaChangedSchema>;

/** Durable, billing → chat-inference: whether the fan's subscription to the creator is active may have changed. */
export const subscriptionChangedSchema = z.object({ userId: idSchema, creatorId: idSchema }).strict();
export type SubscriptionChanged = z.infer<typeof subscriptionChangedSchema>;

/** Durable, billing → chat-inference: the creator's payment onboarding changed. */
export const creatorPaymentChangedSchema = z.object({ creatorId: idSchema }).strict();
export type CreatorPaymentChanged = z.infer<typeof creatorPaymentChangedSchema>;

/** Fire-and-forget, chat-inference → each of its replicas: drop the copies of this fact. */
export const chatFactChangedEventSchema = z.discriminatedUnion('fact', [
  personaChangedSchema.extend({ fact: z.literal('persona') }).strict(),
  subscriptionChangedSchema.extend({ fact: z.literal('subscription') }).strict(),
  creatorPaymentChangedSchema.extend({ fact: z.literal('creator-payment') }).strict(),
]);
export type ChatFactChanged = z.infer<typeof chatFactChangedEventSchema>;
