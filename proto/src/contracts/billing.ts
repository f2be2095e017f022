import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/** Spec §5: active = status 'active', endDate in the future, creatorId matching. */
export const subscriptionGetActiveRequestSchema = z.object({ userId: idSchema, creatorId: idSchema });
export const subscriptionGetActiveReplySchema = z.object({
  active: z.boolean(),
  endDate: isoDateSchema.nullable(),
});
export type SubscriptionGetActiveReply = z.infer<typeof subscriptionGetActiveReplySchema>;

/**
 * Billing owns every payment fact (Stripe account, price, onboarding state); other
 * services ask it. Answers each creator asked for, in order; one unknown to billing
 * has not started onboarding.
 */
export const creatorPaymentGetRequestSchema = z.object({ creatorIds: z.array(idSchema).min(1).max(100) });
export const creatorPaymentSchema = z.object({
  creatorId: idSchema,
  /** Stripe Connect onboarding finished: the creator can be paid, so fans may chat. */
  onboardingComplete: z.boolean(),
});
export const creatorPaymentGetReplySchema = z.object({ payments: z.array(creatorPaymentSchema) });
export type CreatorPayment = z.infer<typeof creatorPaymentSchema>;
