import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue, type Transaction, UnitOfWork } from '@backtalk/kit';
import type { StripeEvent } from '@backtalk/proto';
import { BillingConfig } from '../billing.config';
import { EarningsRepository } from '../earnings/earnings.repository';
import {
  announceCreatorPaymentChanged,
  announceSubscriptionChanged,
} from '../stripe-account/chat-facts.announcement';
import { onboardingCompleteOf } from '../stripe-account/onboarding-status';
import { StripeAccountRepository } from '../stripe-account/stripe-account.repository';
import type { CreatorSubscriptionEntity } from '../subscription/creator-subscription.entity';
import { CreatorSubscriptionRepository } from '../subscription/creator-subscription.repository';
import {
  nextSubscriptionState,
  type StoredSubscription,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionTransition,
} from '../subscription/subscription-state';
import {
  accountObjectSchema,
  readObject,
  readSubscriptionEvent,
  type SubscriptionEventType,
} from './stripe-objects';
import { WebhookEventRepository } from './webhook-event.repository';

const SUBSCRIPTION_EVENT_TYPES: readonly string[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] satisfies SubscriptionEventType[];
const isSubscriptionEvent = (event: StripeEvent): event is StripeEvent & { type: SubscriptionEventType } =>
  SUBSCRIPTION_EVENT_TYPES.includes(event.type);

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one verified Stripe event to billing's records, once, whatever the
 * order events arrive in (docs/billing.md, "Webhooks"). The event id is
 * recorded first, in the same transaction as its effect: a redelivery finds it
 * and changes nothing, and a failure rolls both back so the redelivery applies
 * it. What a subscription event changes is nextSubscriptionState's decision
 * (subscription-state.ts); this reads what it needs under the fan's lock and
 * writes what it decided. An account's onboarding is the account repository's
 * guarded write, shared with the status check. Once committed, chat-inference is told that the
 * fan's subscription or the creator's onboarding may have changed (its replicas keep copies,
 * docs/architecture.md), also on a redelivery.
 */
@Injectable()
export class ApplyStripeEvent {
  private readonly logger = new Logger(ApplyStripeEvent.name);

  constructor(
    private readonly events: WebhookEventRepository,
    private readonly subscriptions: CreatorSubscriptionRepository,
    private readonly accounts: StripeAccountRepository,
    private readonly earnings: EarningsRepository,
    private readonly config: BillingConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly queue: DurableQueue,
  ) {}

  async execute(event: StripeEvent, now = new Date()): Promise<ApplyOutcome> {
    const isAccountEvent = event.type === 'account.updated';
    if (!isAccountEvent && !isSubscriptionEvent(event)) {
      this.logger.debug?.(`Ignored Stripe event ${event.id} of type ${event.type}`);
      return 'ignored';
    }
    let subscriber: SubscriptionEvent['subscriber'] = null;
    const outcome = await this.unitOfWork.run(async (db) => {
      const firstDelivery = await this.events.markProcessed(db, event.id, event.type);
      if (!isSubscriptionEvent(event)) return firstDelivery ? this.accountUpdated(db, event) : 'duplicate';
      const parsed = await this.withSubscriber(
        db,
        readSubscriptionEvent(event, this.config.PLATFORM_FEE_PERCENT),
      );
      subscriber = parsed.subscriber;
      const next = nextSubscriptionState(await this.stored(db, parsed, !firstDelivery), parsed, now);
      await this.write(db, parsed, next);
      return next.reason === 'duplicate' ? 'duplicate' : 'applied';
    });
    await this.announce(event, subscriber);
    return outcome;
  }

  /** After the commit: what chat-inference's copies must drop (a subscription, an account's onboarding). */
  private async announce(event: StripeEvent, subscriber: SubscriptionEvent['subscriber']): Promise<void> {
    if (subscriber) return announceSubscriptionChanged(this.queue, subscriber);
    if (event.type !== 'account.updated') return;
    const { id } = readObject(accountObjectSchema, event.data.object, event.type);
    const account = await this.accounts.findByStripeAccount(id);
    if (account) await announceCreatorPaymentChanged(this.queue, account.creatorId);
  }

  /** Spec §4: the account's onboarding as of the event, unless a later observation is recorded. */
  private async accountUpdated(db: Transaction, event: StripeEvent): Promise<ApplyOutcome> {
    const account = readObject(accountObjectSchema, event.data.object, event.type);
    const recorded = await this.accounts.recordOnboarding(
      {
        stripeAccountId: account.id,
        complete: onboardingCompleteOf(account),
        observedAt: new Date(event.created * 1000),
        source: 'event',
      },
      db,
    );
    // Billing stores an account right after Stripe creates it; the event can overtake that. Retried.
    if (recorded === 'unknown-account')
      throw new Error(`account ${account.id} is not known to billing (yet)`);
    return 'applied';
  }

  /** An event without Backtalk's metadata is matched by its subscription's row (a checkout session is not). */
  private async withSubscriber(db: Transaction, event: SubscriptionEvent): Promise<SubscriptionEvent> {
    if (event.subscriber || !event.subscriptionId || event.type === 'checkout.session.completed')
      return event;
    return {
      ...event,
      subscriber: await this.subscriptions.subscriberOf(db, event.subscriptionId),
    };
  }

  /**
   * What the event is judged against, read under the lock every change to the fan's
   * subscription to the creator holds, so it stays true until the transaction ends.
   */
  private async stored(
    db: Transaction,
    event: SubscriptionEvent,
    eventAlreadyApplied: boolean,
  ): Promise<StoredSubscription> {
    const { subscriber, subscriptionId } = event;
    const nothing = {
      eventAlreadyApplied,
      row: null,
      version: null,
      otherSubscriptionSeenAt: null,
    };
    if (!subscriber || !subscriptionId) return nothing;
    await this.subscriptions.lock(db, subscriber.userId, subscriber.creatorId);
    const row = await this.subscriptions.find(db, subscriber.userId, subscriber.creatorId);
    const other = row?.stripeSubscriptionId !== subscriptionId ? row?.stripeSubscriptionId : null;
    return {
      ...nothing,
      row: row && stateOf(row),
      version: await this.events.versionOf(db, subscriptionId),
      otherSubscriptionSeenAt: other ? ((await this.events.versionOf(db, other))?.observedAt ?? null) : null,
    };
  }

  private async write(
    db: Transaction,
    event: SubscriptionEvent,
    next: SubscriptionTransition,
  ): Promise<void> {
    if (next.reason === 'not-ours')
      this.logger.warn(`Ignored Stripe ${objectOf(event)}: it has no Backtalk userId/creatorId metadata`);
    if (next.payment) await this.earnings.recordPayment(db, next.payment);
    if (next.version && event.subscriptionId)
      await this.events.recordVersion(db, event.subscriptionId, next.version);
    if (next.state) await this.subscriptions.save(db, next.state);
  }
}

function objectOf(event: SubscriptionEvent): string {
  if (event.type === 'checkout.session.completed') return `checkout session ${event.sessionId}`;
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')
    return `invoice ${event.invoiceId}`;
  return `subscription ${event.subscriptionId}`;
}

function stateOf(row: CreatorSubscriptionEntity): SubscriptionState {
  const { owner: _owner, ...state } = row;
  return state;
}
