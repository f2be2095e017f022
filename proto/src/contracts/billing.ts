import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema } from './common';

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

/** Where the browser reached the gateway (PUBLIC_URL or a loopback origin), for Stripe's return URLs. */
export const publicOriginSchema = z
  .string()
  .url()
  .max(2048)
  .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'must be an http(s) origin without query or fragment');

/** A Stripe Connect account id (`acct_…`), as it appears in /return/{accountId} and /refresh/{accountId}. */
export const stripeAccountIdSchema = z
  .string()
  .regex(/^acct_[A-Za-z0-9]{1,64}$/, 'must be a Stripe account id (acct_…)');

/** A URL Stripe hands out (onboarding, dashboard, Checkout, portal); the browser is sent there. */
export const redirectReplySchema = z.object({ url: z.string().url() });
export type RedirectReply = z.infer<typeof redirectReplySchema>;

/**
 * 'Start Earning with Stripe' (spec §7 createStripeAccountFunc + createAccountLinkFunc): the
 * caller's own creator gets their Connect Express account (once; later calls reuse it) and a
 * fresh onboarding link returning to /return/{accountId} (/refresh/{accountId} when it expires).
 */
export const onboardingStartRequestSchema = z.object({ actor: actorSchema, origin: publicOriginSchema });
export const onboardingStartReplySchema = redirectReplySchema.extend({ accountId: stripeAccountIdSchema });
export type OnboardingStartReply = z.infer<typeof onboardingStartReplySchema>;

/** /refresh/{accountId}: a new onboarding link for an account the caller's creator owns. */
export const onboardingLinkRequestSchema = z.object({
  actor: actorSchema,
  accountId: stripeAccountIdSchema,
  origin: publicOriginSchema,
});
export const onboardingLinkBodySchema = onboardingLinkRequestSchema.pick({ accountId: true });

/** Spec §4 Onboarding status of the caller's own creator ('loading' is the browser's own state). */
export const onboardingStatusSchema = z.enum(['complete', 'incomplete', 'error']);
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
export const onboardingStatusRequestSchema = z.object({ actor: actorSchema });
export const onboardingStatusReplySchema = z.object({
  status: onboardingStatusSchema,
  /** The creator's Connect account, once 'Start Earning with Stripe' made it. */
  accountId: stripeAccountIdSchema.nullable(),
  /** Why the check failed, when status is 'error'. */
  message: z.string().optional(),
});
export type OnboardingStatusReply = z.infer<typeof onboardingStatusReplySchema>;

/** A login link to the caller's own Express dashboard (payouts, balance). */
export const dashboardLinkRequestSchema = z.object({ actor: actorSchema });

/** Spec §5, §9: a creator's monthly price in cents; at least 500. */
export const MIN_SUBSCRIPTION_PRICE_CENTS = 500;
export const DEFAULT_SUBSCRIPTION_PRICE_CENTS = 1000;
export const pricePerSubscriptionSchema = z
  .number()
  .int('must be a whole number of cents')
  .min(MIN_SUBSCRIPTION_PRICE_CENTS, 'must be at least 500 cents ($5.00)')
  .max(99_999_900, 'must be at most 99999900 cents');

/** What a fan's monthly payment becomes, in cents (docs/billing.md, "How money flows"). */
export const priceSplitSchema = z.object({
  pricePerSubscription: z.number().int(),
  currency: z.literal('usd'),
  platformFeePercent: z.number(),
  /** The application fee: price × PLATFORM_FEE_PERCENT / 100, rounded. */
  platformFee: z.number().int(),
  /** Stripe's card processing fee as estimated for a US card (2.9% + 30¢), paid out of the platform fee. */
  stripeFeeEstimate: z.number().int(),
  /** What reaches the creator's connected account: price − platform fee. */
  creatorShare: z.number().int(),
});
export type PriceSplit = z.infer<typeof priceSplitSchema>;
export const priceGetRequestSchema = z.object({ actor: actorSchema });
export const priceSetBodySchema = z.object({ pricePerSubscription: pricePerSubscriptionSchema }).strict();
export const priceSetRequestSchema = priceSetBodySchema.extend({ actor: actorSchema });

/** 'Subscribe' in the message-limit modal: Stripe Checkout for this creator's monthly price. */
export const checkoutCreateBodySchema = z.object({ creatorId: idSchema }).strict();
export const checkoutCreateRequestSchema = checkoutCreateBodySchema.extend({
  actor: actorSchema,
  origin: publicOriginSchema,
});

/** 'Manage Billing': the Stripe customer portal, returning to the page the user was on. */
export const portalReturnPathSchema = z
  .string()
  .max(1024)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with a single /');
export const portalCreateBodySchema = z.object({ returnPath: portalReturnPathSchema }).strict();
export const portalCreateRequestSchema = portalCreateBodySchema.extend({
  actor: actorSchema,
  origin: publicOriginSchema,
});

/** Spec §7 getUserSubscriptionsFunc: the caller's subscriptions, newest first. */
export const userSubscriptionSchema = z.object({
  creatorId: idSchema,
  status: z.string(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  /** Spec §5: status active and endDate in the future. */
  active: z.boolean(),
  /**
   * Paid access continues past endDate: Stripe will charge again then (the subscription is
   * active and not cancelled). False: access ends at endDate (docs/billing.md, "My subscriptions").
   */
  renews: z.boolean(),
  /** What a month costs, in the smallest unit of `currency`: the latest payment, else the creator's price. */
  price: z.object({ amount: z.number().int().nonnegative(), currency: z.string() }),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;
export const subscriptionListRequestSchema = z.object({ actor: actorSchema });
export const subscriptionListReplySchema = z.object({
  subscriptions: z.array(userSubscriptionSchema),
  /** The user has a Stripe customer, so 'Manage Billing' can open the portal (spec §6). */
  canManageBilling: z.boolean(),
  /**
   * This server takes payments at all (billing has a Stripe key). Without it the limit dialog of a
   * demo creator says the demo cannot be subscribed to, instead of offering a payment that fails.
   */
  paymentsConfigured: z.boolean(),
});
export type SubscriptionListReply = z.infer<typeof subscriptionListReplySchema>;

/** Weeks of figures on /creator/payments (the current one last). */
export const EARNINGS_WEEKS = 12;
/**
 * The caller's own creator's earnings (docs/billing.md, "Earnings and funnel"): per week
 * (Monday 00:00 UTC), the subscribers with paid access at the week's end (or now, for the
 * current week), the subscriptions started in it, and the payments received in it (what fans
 * paid, and the creator's share after the platform fee), in cents; and the funnel.
 */
export const earningsGetRequestSchema = z.object({ actor: actorSchema }).strict();
export const earningsWeekSchema = z.object({
  weekStart: isoDateSchema,
  subscribers: z.number().int().nonnegative(),
  newSubscribers: z.number().int().nonnegative(),
  grossRevenue: z.number().int().nonnegative(),
  creatorRevenue: z.number().int().nonnegative(),
});
export type EarningsWeek = z.infer<typeof earningsWeekSchema>;
export const earningsFunnelSchema = z.object({
  /** People who sent the creator's persona a message (chat-inference). */
  fans: z.number().int().nonnegative(),
  /** People who met the free-tier limit in the creator's chat (chat-inference). */
  reachedLimit: z.number().int().nonnegative(),
  /** Fans who ever paid for a subscription to the creator (billing). */
  subscribed: z.number().int().nonnegative(),
  /** Of those, fans who cancelled (billing: Stripe's cancellation). */
  cancelled: z.number().int().nonnegative(),
});
export type EarningsFunnel = z.infer<typeof earningsFunnelSchema>;
export const earningsReplySchema = z.object({
  currency: z.literal('usd'),
  weeks: z.array(earningsWeekSchema),
  funnel: earningsFunnelSchema,
});
export type EarningsReply = z.infer<typeof earningsReplySchema>;
