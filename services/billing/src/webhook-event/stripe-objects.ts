import { idSchema, type StripeEvent } from '@backtalk/proto';
import { UnprocessableMessageError } from '@backtalk/kit';
import { z } from 'zod';
import { platformFeeOf } from '../stripe/price-split';
import type { SubscriptionEvent } from '../subscription/subscription-state';

/**
 * The parts of Stripe's objects billing reads, for the event types it handles
 * (API reference: subscription, checkout session, invoice, account). Newer API
 * versions moved a subscription's period to its items and an invoice's
 * subscription to `parent.subscription_details`; both shapes are read.
 */
const unixTime = z.number().int().nonnegative();
const idOrObject = (prefix: string) =>
  z
    .union([z.string(), z.looseObject({ id: z.string() })])
    .transform((value) => (typeof value === 'string' ? value : value.id))
    .pipe(z.string().startsWith(prefix));
const metadataSchema = z.record(z.string(), z.string()).nullish();

const subscriptionObjectSchema = z.looseObject({
  id: z.string().startsWith('sub_'),
  object: z.literal('subscription'),
  status: z.string().min(1),
  metadata: metadataSchema,
  start_date: unixTime,
  current_period_start: unixTime.optional(),
  current_period_end: unixTime.optional(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({ current_period_start: unixTime.optional(), current_period_end: unixTime.optional() }),
      ),
    })
    .optional(),
  canceled_at: unixTime.nullish(),
  ended_at: unixTime.nullish(),
});
type SubscriptionObject = z.infer<typeof subscriptionObjectSchema>;

const checkoutSessionObjectSchema = z.looseObject({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  mode: z.string(),
  payment_status: z.string(),
  subscription: idOrObject('sub_').nullish(),
  invoice: idOrObject('in_').nullish(),
  metadata: metadataSchema,
});

const invoiceObjectSchema = z.looseObject({
  id: z.string().startsWith('in_'),
  object: z.literal('invoice'),
  subscription: idOrObject('sub_').nullish(),
  subscription_details: z.looseObject({ metadata: metadataSchema }).nullish(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: idOrObject('sub_'), metadata: metadataSchema })
        .nullish(),
    })
    .nullish(),
  period_end: unixTime.optional(),
  /** What the fan paid, in cents of `currency`; recorded as revenue (absent: not recorded). */
  amount_paid: z.number().int().nonnegative().optional(),
  currency: z.string().min(3).max(3).optional(),
  /** The platform's application fee on the invoice (PLATFORM_FEE_PERCENT of it when Stripe leaves it out). */
  application_fee_amount: z.number().int().nonnegative().nullish(),
  status_transitions: z.looseObject({ paid_at: unixTime.nullish() }).nullish(),
  lines: z
    .looseObject({ data: z.array(z.looseObject({ period: z.looseObject({ end: unixTime }).optional() })) })
    .optional(),
});
type InvoiceObject = z.infer<typeof invoiceObjectSchema>;

export const accountObjectSchema = z.looseObject({
  id: z.string().startsWith('acct_'),
  object: z.literal('account'),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
});

/** An event's object read with its type's schema; a mismatch is dead-lettered, not retried. */
export function readObject<T extends z.ZodType>(schema: T, object: unknown, eventType: string): z.output<T> {
  const parsed = schema.safeParse(object);
  if (!parsed.success)
    throw new UnprocessableMessageError(
      `${eventType}: the event's object is not what Stripe sends: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'object'}: ${issue.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

export interface SubscriberKey {
  userId: string;
  creatorId: string;
}

/**
 * The fan and creator a subscription is for, from the metadata Backtalk's
 * Checkout puts on the session and the subscription; null when there is none
 * (not created by Backtalk). Present but not ids is malformed.
 */
function subscriberOf(metadata: Record<string, string> | null | undefined): SubscriberKey | null {
  if (!metadata || (metadata.userId === undefined && metadata.creatorId === undefined)) return null;
  const userId = idSchema.safeParse(metadata.userId);
  const creatorId = idSchema.safeParse(metadata.creatorId);
  if (!userId.success || !creatorId.success)
    throw new UnprocessableMessageError('The metadata userId and creatorId must both be ids');
  return { userId: userId.data, creatorId: creatorId.data };
}

/** End of the subscription's current period (on its first item in newer API versions). */
function periodEndOf(subscription: SubscriptionObject): number | undefined {
  return subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end;
}

function invoiceSubscriptionOf(invoice: InvoiceObject): string | undefined {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? undefined;
}

function invoiceMetadataOf(invoice: InvoiceObject): Record<string, string> | null | undefined {
  return invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
}

/** The end of the latest period an invoice paid for. */
function invoicePaidThrough(invoice: InvoiceObject): number | undefined {
  const ends = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period.end] : []));
  return ends.length ? Math.max(...ends) : invoice.period_end;
}

export type SubscriptionEventType = SubscriptionEvent['type'];

const at = (seconds: number): Date => new Date(seconds * 1000);
const atOrNull = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : at(seconds);

/**
 * A subscription event's facts, read from its object with its type's schema (a mismatch is
 * dead-lettered). `subscriber` comes from Backtalk's metadata only; the caller looks up the
 * subscription's row for events without it. The metadata of a one-off payment or invoice is not
 * read. An invoice that leaves out its application fee is counted at `platformFeePercent`.
 */
export function readSubscriptionEvent(
  event: StripeEvent & { type: SubscriptionEventType },
  platformFeePercent: number,
): SubscriptionEvent {
  const created = at(event.created);
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = readObject(checkoutSessionObjectSchema, object, event.type);
      const subscriptionMode = session.mode === 'subscription';
      return {
        type: event.type,
        created,
        sessionId: session.id,
        subscriptionMode,
        subscriber: subscriptionMode ? subscriberOf(session.metadata) : null,
        subscriptionId: session.subscription ?? null,
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        invoiceId: session.invoice ?? null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = readObject(invoiceObjectSchema, object, event.type);
      const subscriptionId = invoiceSubscriptionOf(invoice) ?? null;
      const amountPaid = invoice.amount_paid;
      return {
        type: event.type,
        created,
        invoiceId: invoice.id,
        subscriptionId,
        subscriber: subscriptionId ? subscriberOf(invoiceMetadataOf(invoice)) : null,
        paidThrough: atOrNull(invoicePaidThrough(invoice)),
        payment:
          event.type === 'invoice.paid' && amountPaid !== undefined
            ? {
                invoiceId: invoice.id,
                amountPaid,
                applicationFee:
                  invoice.application_fee_amount ?? platformFeeOf(amountPaid, platformFeePercent),
                currency: (invoice.currency ?? 'usd').toLowerCase(),
                paidAt: atOrNull(invoice.status_transitions?.paid_at) ?? created,
              }
            : null,
      };
    }
    default: {
      const subscription = readObject(subscriptionObjectSchema, object, event.type);
      return {
        type: event.type,
        created,
        subscriptionId: subscription.id,
        subscriber: subscriberOf(subscription.metadata),
        status: subscription.status,
        startDate: at(subscription.start_date),
        periodEnd: atOrNull(periodEndOf(subscription)),
        canceledAt: atOrNull(subscription.canceled_at),
      };
    }
  }
}
