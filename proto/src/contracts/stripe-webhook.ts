import { z } from 'zod';

/**
 * A Stripe event as the gateway received it, after its signature was verified
 * (https://docs.stripe.com/api/events/object). Only the envelope is checked
 * here; billing reads the object of each type it handles with its own schema.
 */
export const stripeEventSchema = z.looseObject({
  id: z.string().regex(/^evt_\w{1,250}$/, 'must be a Stripe event id (evt_…)'),
  type: z.string().regex(/^[a-z_]+(\.[a-z_]+)+$/, 'must be a Stripe event type such as invoice.paid'),
  /** Seconds since the epoch: when Stripe created the event, which orders events of one object. */
  created: z.number().int().nonnegative(),
  livemode: z.boolean().optional(),
  /** The connected account an event of a Connect webhook endpoint is about. */
  account: z.string().max(255).optional(),
  data: z.looseObject({ object: z.looseObject({ object: z.string().min(1).max(100) }) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** The gateway's answer to Stripe once billing's queue has stored the event. */
export const stripeWebhookReplySchema = z.object({
  received: z.literal(true),
  /** The event id was already queued (Stripe sent it again); nothing new was stored. */
  duplicate: z.boolean(),
});
