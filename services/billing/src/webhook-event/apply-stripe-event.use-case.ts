import { Injectable, Logger } from '@nestjs/common';
import { UnprocessableMessageError } from '@backtalk/kit';
import type { StripeEvent } from '@backtalk/proto';
import type { EntityManager } from 'typeorm';
import { BillingConfig } from '../billing.config';
import { EarningsRepository } from '../earnings/earnings.repository';
import type { CreatorSubscriptionEntity } from '../subscription/creator-subscription.entity';
import {
  CreatorSubscriptionRepository,
  type SubscriptionState,
} from '../subscription/creator-subscription.repository';
import {
  accountObjectSchema,
  checkoutSessionObjectSchema,
  invoiceMetadataOf,
  invoiceObjectSchema,
  invoicePaidThrough,
  invoiceSubscriptionOf,
  periodEndOf,
  readObject,
  type SubscriberKey,
  subscriberOf,
  subscriptionObjectSchema,
  type SubscriptionObject,
} from './stripe-objects';
import { WebhookEventRepository } from './webhook-event.repository';

const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'account.updated',
] as const;
type HandledType = (typeof HANDLED_EVENT_TYPES)[number];

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * How far along its life a subscription state is: two events of the same
 * second apply in this order, whatever order they arrive in.
 */
const STATUS_RANK: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 1,
  past_due: 2,
  paused: 3,
  unpaid: 3,
  canceled: 4,
  incomplete_expired: 4,
};
const rankOf = (status: string): number => STATUS_RANK[status] ?? 1;
const GRANTS_ACCESS = new Set(['active', 'trialing']);

const at = (seconds: number): Date => new Date(seconds * 1000);
/** Checkout's session does not say when the first period ends; a month (the spec's price period) until the subscription's own events do. */
function oneMonthAfter(date: Date): Date {
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
const later = (a: Date, b: Date): Date => (a > b ? a : b);
const earlier = (a: Date, b: Date): Date => (a < b ? a : b);

/**
 * Applies one verified Stripe event to billing's records, once, whatever the
 * order events arrive in (docs/billing.md, "Webhooks"). The event id is
 * recorded first, in the same transaction as its effect: a redelivery finds it
 * and changes nothing, and a failure rolls both back so the redelivery applies
 * it. Stripe objects carry their whole state, so a subscription event sets the
 * row from its object — unless a newer event of that object was applied.
 */
@Injectable()
export class ApplyStripeEvent {
  private readonly logger = new Logger(ApplyStripeEvent.name);

  constructor(
    private readonly events: WebhookEventRepository,
    private readonly subscriptions: CreatorSubscriptionRepository,
    private readonly earnings: EarningsRepository,
    private readonly config: BillingConfig,
  ) {}

  async execute(event: StripeEvent, now = new Date()): Promise<ApplyOutcome> {
    if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) {
      this.logger.debug?.(`Ignored Stripe event ${event.id} of type ${event.type}`);
      return 'ignored';
    }
    const type = event.type as HandledType;
    return this.events.transaction(async (db) => {
      if (!(await this.events.markProcessed(db, event.id, type))) return 'duplicate';
      const created = at(event.created);
      const object: unknown = event.data.object;
      switch (type) {
        case 'checkout.session.completed':
          await this.checkoutCompleted(db, readObject(checkoutSessionObjectSchema, object, type), created);
          break;
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await this.subscriptionChanged(
            db,
            readObject(subscriptionObjectSchema, object, type),
            created,
            now,
          );
          break;
        case 'invoice.paid':
        case 'invoice.payment_failed':
          await this.invoiceSettled(db, readObject(invoiceObjectSchema, object, type), type, created, now);
          break;
        case 'account.updated':
          await this.accountUpdated(db, readObject(accountObjectSchema, object, type), created);
          break;
      }
      return 'applied';
    });
  }

  /** The fan paid at Checkout: access starts now, for a month until the subscription's events say more. */
  private async checkoutCompleted(
    db: EntityManager,
    session: ReturnType<typeof checkoutSessionObjectSchema.parse>,
    created: Date,
  ): Promise<void> {
    if (session.mode !== 'subscription') return;
    const subscriber = subscriberOf(session.metadata);
    if (!subscriber) return this.notOurs('checkout session', session.id);
    const subscriptionId = session.subscription;
    if (!subscriptionId)
      throw new UnprocessableMessageError(`checkout session ${session.id} completed without a subscription`);
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    if (
      !(await this.events.advanceVersion(db, subscriptionId, created, rankOf(paid ? 'active' : 'incomplete')))
    )
      return;
    await this.subscriptions.lock(db, subscriber.userId, subscriber.creatorId);
    const row = await this.subscriptions.find(db, subscriber.userId, subscriber.creatorId);
    // The subscription's own events (already applied) say more than the session does.
    if (row?.stripeSubscriptionId === subscriptionId) return;
    if (row && (await this.supersededBy(db, row, created))) return;
    const endDate = paid ? oneMonthAfter(created) : created;
    await this.subscriptions.save(db, {
      ...subscriber,
      startDate: created,
      endDate,
      status: paid ? 'active' : 'incomplete',
      paymentId: session.invoice ?? null,
      stripeSubscriptionId: subscriptionId,
      stripeStatus: paid ? 'active' : 'incomplete',
      canceledAt: null,
    });
  }

  /**
   * The subscription object's state. Active or trialing: access to the end of
   * the current period. Past due, unpaid, cancelled or expired: no further
   * period is granted; access runs to the end of the last paid one.
   */
  private async subscriptionChanged(
    db: EntityManager,
    subscription: SubscriptionObject,
    created: Date,
    now: Date,
  ): Promise<void> {
    const subscriber = await this.subscriberFor(db, subscription.id, subscription.metadata);
    if (!subscriber) return this.notOurs('subscription', subscription.id);
    const newest = await this.events.advanceVersion(
      db,
      subscription.id,
      created,
      rankOf(subscription.status),
    );
    await this.subscriptions.lock(db, subscriber.userId, subscriber.creatorId);
    const row = await this.subscriptions.find(db, subscriber.userId, subscriber.creatorId);
    const same = row?.stripeSubscriptionId === subscription.id ? row : null;
    const startDate = same
      ? earlier(same.startDate, at(subscription.start_date))
      : at(subscription.start_date);
    if (!newest) {
      // Older than what is known: only the start date, the same in every event of it, may still be filled in.
      if (same && startDate < same.startDate)
        await this.subscriptions.save(db, { ...stateOf(same), startDate });
      return;
    }
    const grants = GRANTS_ACCESS.has(subscription.status);
    // Another subscription of the fan to this creator holds the row: this one ending changes nothing.
    if (row && !same && (!grants || (await this.supersededBy(db, row, created)))) return;
    const periodEnd = periodEndOf(subscription);
    if (grants && periodEnd === undefined)
      throw new UnprocessableMessageError(`subscription ${subscription.id} has no current period end`);
    // Paid access only grows: an active state reaches its period end; any other keeps the last paid one.
    const lastPaid = same ? same.endDate : startDate;
    const endDate = grants ? later(lastPaid, at(periodEnd!)) : lastPaid;
    await this.subscriptions.save(db, {
      ...subscriber,
      startDate,
      endDate,
      status: accessStatus(subscription.status, endDate, now),
      paymentId: same?.paymentId ?? null,
      stripeSubscriptionId: subscription.id,
      stripeStatus: subscription.status,
      canceledAt: subscription.canceled_at ? at(subscription.canceled_at) : null,
    });
  }

  /**
   * A paid invoice extends access to the end of the period it paid, in any
   * order (paid access only grows, so it needs no version); a failed one marks
   * the subscription past due without taking access already paid for.
   */
  private async invoiceSettled(
    db: EntityManager,
    invoice: ReturnType<typeof invoiceObjectSchema.parse>,
    type: 'invoice.paid' | 'invoice.payment_failed',
    created: Date,
    now: Date,
  ): Promise<void> {
    const subscriptionId = invoiceSubscriptionOf(invoice);
    if (!subscriptionId) return; // A one-off invoice: not a subscription payment.
    const subscriber = await this.subscriberFor(db, subscriptionId, invoiceMetadataOf(invoice));
    if (!subscriber) return this.notOurs('invoice', invoice.id);
    const paid = type === 'invoice.paid';
    // The money moved whatever the subscription row says: the creator's revenue counts it.
    if (paid && invoice.amount_paid !== undefined) {
      await this.earnings.recordPayment(db, {
        invoiceId: invoice.id,
        ...subscriber,
        stripeSubscriptionId: subscriptionId,
        amountPaid: invoice.amount_paid,
        applicationFee:
          invoice.application_fee_amount ??
          Math.round((invoice.amount_paid * this.config.PLATFORM_FEE_PERCENT) / 100),
        currency: (invoice.currency ?? 'usd').toLowerCase(),
        paidAt: invoice.status_transitions?.paid_at ? at(invoice.status_transitions.paid_at) : created,
      });
    }
    if (!paid && !(await this.events.advanceVersion(db, subscriptionId, created, rankOf('past_due')))) return;
    await this.subscriptions.lock(db, subscriber.userId, subscriber.creatorId);
    const row = await this.subscriptions.find(db, subscriber.userId, subscriber.creatorId);
    if (row && row.stripeSubscriptionId !== subscriptionId && (await this.supersededBy(db, row, created)))
      return;
    const same = row?.stripeSubscriptionId === subscriptionId ? row : null;
    if (!paid) {
      const endDate = same?.endDate ?? created;
      await this.subscriptions.save(db, {
        ...subscriber,
        startDate: same?.startDate ?? created,
        endDate,
        status: accessStatus('past_due', endDate, now),
        paymentId: same?.paymentId ?? null,
        stripeSubscriptionId: subscriptionId,
        stripeStatus: 'past_due',
        canceledAt: same?.canceledAt ?? null,
      });
      return;
    }
    const paidThrough = invoicePaidThrough(invoice);
    if (paidThrough === undefined)
      throw new UnprocessableMessageError(`invoice ${invoice.id} has no period it paid for`);
    const endDate = same ? later(same.endDate, at(paidThrough)) : at(paidThrough);
    await this.subscriptions.save(db, {
      ...subscriber,
      startDate: same?.startDate ?? created,
      endDate,
      status: endDate > now ? 'active' : (same?.status ?? 'active'),
      paymentId: invoice.id,
      stripeSubscriptionId: subscriptionId,
      stripeStatus: same ? same.stripeStatus : 'active',
      canceledAt: same?.canceledAt ?? null,
    });
  }

  /** Spec §4: onboarding is complete when Stripe can charge for the account and its details are in. */
  private async accountUpdated(
    db: EntityManager,
    account: ReturnType<typeof accountObjectSchema.parse>,
    created: Date,
  ): Promise<void> {
    const complete = account.charges_enabled && account.details_submitted;
    if (!(await this.events.advanceVersion(db, account.id, created, complete ? 1 : 0))) return;
    if (!(await this.events.setOnboardingComplete(db, account.id, complete))) {
      // Billing stores an account right after Stripe creates it; the event can overtake that. Retried.
      throw new Error(`account ${account.id} is not known to billing (yet)`);
    }
  }

  private async subscriberFor(
    db: EntityManager,
    subscriptionId: string,
    metadata: Record<string, string> | null | undefined,
  ): Promise<SubscriberKey | null> {
    return subscriberOf(metadata) ?? (await this.subscriptions.subscriberOf(db, subscriptionId));
  }

  /** The row belongs to another subscription whose newest event is newer than this one. */
  private async supersededBy(
    db: EntityManager,
    row: CreatorSubscriptionEntity,
    created: Date,
  ): Promise<boolean> {
    if (!row.stripeSubscriptionId) return false;
    const version = await this.events.versionOf(db, row.stripeSubscriptionId);
    return version !== null && version > created;
  }

  private notOurs(kind: string, id: string): void {
    this.logger.warn(`Ignored Stripe ${kind} ${id}: it has no Backtalk userId/creatorId metadata`);
  }
}

/** 'active' while paid access lasts; once it is over, Stripe's word for why. */
function accessStatus(stripeStatus: string, endDate: Date, now: Date): string {
  if (endDate > now && stripeStatus !== 'incomplete' && stripeStatus !== 'incomplete_expired')
    return 'active';
  return GRANTS_ACCESS.has(stripeStatus) ? 'active' : stripeStatus;
}

function stateOf(row: CreatorSubscriptionEntity): SubscriptionState {
  const { owner: _owner, ...state } = row;
  return state;
}
