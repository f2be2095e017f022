import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

/**
 * Mail is identity's port (DESIGN, "Decisions for safety, the creator studio…"): another service
 * asks identity to email one of its users. Identity looks the address up (it never leaves
 * identity), sends over SMTP or into the development outbox, and sends a key once: a second
 * request with the same `idempotencyKey` answers `sent: false` and sends nothing.
 */
export const mailSendRequestSchema = z
  .object({
    userId: idSchema,
    idempotencyKey: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\w:.-]+$/, 'letters, digits and :._- only'),
    subject: textSchema.min(1).max(200),
    text: textSchema.min(1).max(20_000),
  })
  .strict();
export const mailSendReplySchema = z.object({
  /** False when this key was sent before, or the user has no address to send to. */
  sent: z.boolean(),
});
export type MailSendRequest = z.infer<typeof mailSendRequestSchema>;

/** Spec §9: 30 days' notice for price changes (docs/billing.md, "Price changes with notice"). */
export const PRICE_CHANGE_NOTICE_DAYS = 30;

/** A price change of the caller's own creator: the price new fans pay at once, and existing subscribers' move. */
export const priceChangeSchema = z.object({
  id: idSchema,
  fromPrice: z.number().int(),
  toPrice: z.number().int(),
  currency: z.literal('usd'),
  /** When the creator set it: the notice starts here. */
  noticeAt: isoDateSchema,
  /** Existing subscribers told of it (they move at a renewal at least 30 days later). */
  subscribers: z.number().int().nonnegative(),
  /** Of them, those still on the old price. */
  pending: z.number().int().nonnegative(),
  /** The earliest and latest renewal at which a pending subscriber moves; null when none is pending. */
  firstEffectiveAt: isoDateSchema.nullable(),
  lastEffectiveAt: isoDateSchema.nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
export const priceChangeListRequestSchema = z.object({ actor: actorSchema }).strict();
export const priceChangeListReplySchema = z.object({ changes: z.array(priceChangeSchema) });
export type PriceChangeListReply = z.infer<typeof priceChangeListReplySchema>;
/** Durable: billing tells existing subscribers of a change and schedules their move at Stripe. */
export const priceChangeAnnouncedSchema = z.object({ changeId: idSchema, creatorId: idSchema });

/** The weekly digest (docs/creators.md, "Weekly digest"): the creator's setting. */
export const digestSettingSchema = z.object({ weeklyDigest: z.boolean() });
export type DigestSetting = z.infer<typeof digestSettingSchema>;
export const digestSettingGetRequestSchema = z.object({ actor: actorSchema }).strict();
export const digestSettingBodySchema = digestSettingSchema.strict();
export const digestSettingSetRequestSchema = digestSettingBodySchema.extend({ actor: actorSchema }).strict();
/** The unsubscribe link's signed token: works without signing in. */
export const digestUnsubscribeBodySchema = z
  .object({
    token: z
      .string()
      .min(1)
      .max(300)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'not a digest link'),
  })
  .strict();
export const digestUnsubscribeRequestSchema = digestUnsubscribeBodySchema;
export const digestUnsubscribeReplySchema = digestSettingSchema;

/** One digest week: [from, to), Monday 00:00 UTC to the next. */
export const digestWeekRequestSchema = z
  .object({ creatorId: idSchema, from: isoDateSchema, to: isoDateSchema })
  .strict();
/** Billing's part of a creator's digest week. */
export const billingWeekFiguresSchema = z.object({
  currency: z.literal('usd'),
  newSubscribers: z.number().int().nonnegative(),
  cancellations: z.number().int().nonnegative(),
  /** Fans with paid access at the week's end. */
  subscribers: z.number().int().nonnegative(),
  grossRevenue: z.number().int().nonnegative(),
  creatorRevenue: z.number().int().nonnegative(),
});
export type BillingWeekFigures = z.infer<typeof billingWeekFiguresSchema>;
/** Chat-inference's part: fans, messages and reports about the persona in the week. */
export const chatWeekFiguresSchema = z.object({
  fans: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  reports: z.number().int().nonnegative(),
});
export type ChatWeekFigures = z.infer<typeof chatWeekFiguresSchema>;
/** Durable: creators composes one creator's digest for one week and sends it once. */
export const weeklyDigestRequestedSchema = z.object({ creatorId: idSchema, weekStart: isoDateSchema });
