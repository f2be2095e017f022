import { Injectable, Logger } from '@nestjs/common';
import {
  Clock,
  DAY_MS,
  type ErasureContext,
  type RetentionPlan,
  type RetentionStep,
  ServiceClient,
} from '@backtalk/kit';
import { type AccountDeletedPayload, ErrorCode, Subjects } from '@backtalk/proto';
import { StripeClient } from '../stripe/stripe.client';
import { BillingRetentionRepository } from './billing-retention.repository';

/**
 * Billing's retention terms (docs/retention.md). A deleted account's Stripe customer id,
 * and a deleted creator's Stripe account and price, go 30 days after the deletion, with
 * the rest of the account. The fan's subscription records are payment records: kept, but
 * pseudonymised then (the user id replaced by a random one), and deleted with everyone's
 * SUBSCRIPTION_RECORD_YEARS after their end — the bookkeeping period (7 years covers US
 * and EU rules); Stripe keeps the invoices themselves. Dead-lettered durable messages
 * (Stripe events can carry names and emails) go after the kit's DEAD_LETTER_TERM_MS (90 days).
 */
const BillingTerms = {
  deletedAccountMs: 30 * DAY_MS,
  subscriptionRecordMs: 7 * 365 * DAY_MS,
  /** Paid invoices are payment records too: kept for the bookkeeping period after their payment. */
  paymentRecordMs: 7 * 365 * DAY_MS,
  /**
   * A processed event id only has to outlive Stripe's redeliveries (up to 3 days); 30 days covers
   * a replay from the dashboard too. A later copy would still be refused by the object's version.
   */
  processedWebhookEventMs: 30 * DAY_MS,
  /**
   * The version of a Stripe object that billing no longer refers to (a deleted creator's account,
   * a subscription whose record is gone) guards nothing: kept 30 days after its last event, past
   * Stripe's redeliveries of the events before it.
   */
  unreferencedObjectVersionMs: 30 * DAY_MS,
} as const;

/**
 * Billing's retention plan, run by the kit's RetentionJob. When identity's
 * `billing.account.deleted` arrives, the user's live subscriptions are cancelled at once; a
 * creator's Stripe account and price are keyed by creator id, so the creator is looked up while
 * creators still has it (a failure is redelivered) and erased with the user. The rest goes when
 * the term ends.
 */
@Injectable()
export class BillingRetention implements RetentionPlan {
  private readonly logger = new Logger(BillingRetention.name);

  readonly accountDeletion = {
    atOnce: (deleted: AccountDeletedPayload, alsoErase: (id: string) => Promise<void>) =>
      this.stopCharges(deleted, alsoErase),
    afterTerm: {
      termMs: BillingTerms.deletedAccountMs,
      counts: ['subscriptionsPseudonymised', 'paymentsPseudonymised'],
      erase: (id: string, context: ErasureContext) => this.eraseAccount(id, context),
    },
  };

  readonly steps: readonly RetentionStep[];

  constructor(
    private readonly records: BillingRetentionRepository,
    private readonly client: ServiceClient,
    private readonly clock: Clock,
    private readonly stripe: StripeClient,
  ) {
    const before = (now: Date, termMs: number) => new Date(now.getTime() - termMs);
    this.steps = [
      {
        name: 'subscriptionRecordsRemoved',
        run: (now: Date) =>
          this.records.removeSubscriptionsEndedBy(before(now, BillingTerms.subscriptionRecordMs)),
      },
      {
        name: 'paymentRecordsRemoved',
        run: (now: Date) => this.records.removePaymentsPaidBy(before(now, BillingTerms.paymentRecordMs)),
      },
      {
        name: 'webhookEvents',
        run: (now: Date) =>
          this.records.removeWebhookEventsProcessedBy(before(now, BillingTerms.processedWebhookEventMs)),
      },
      {
        name: 'objectVersions',
        run: (now: Date) =>
          this.records.removeUnreferencedObjectVersions(
            before(now, BillingTerms.unreferencedObjectVersionMs),
          ),
      },
    ];
  }

  /** No more charges: the fan's own subscriptions end now, and a creator's fans stop paying. */
  private async stopCharges(
    deleted: AccountDeletedPayload,
    alsoErase: (id: string) => Promise<void>,
  ): Promise<void> {
    await this.cancelLiveSubscriptions('userId', deleted.userId);
    if (!deleted.wasCreator) return;
    const creator = await this.client
      .request(Subjects.CreatorsCreatorFindByUser, { userId: deleted.userId })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === ErrorCode.CreatorNotFound) return null;
        throw error;
      });
    if (!creator) return;
    await alsoErase(creator.id);
    await this.cancelLiveSubscriptions('creatorId', creator.id);
  }

  /**
   * Cancels at Stripe every subscription of a fan (or to a creator) that Stripe may still charge,
   * and records it as cancelled; Stripe's `customer.subscription.deleted` confirms it later. A
   * failure throws, so the durable message is delivered again (a cancelled one is skipped).
   */
  private async cancelLiveSubscriptions(by: 'userId' | 'creatorId', id: string): Promise<void> {
    const live = await this.records.liveSubscriptions(by, id);
    if (live.length === 0) return;
    if (!this.stripe.configured) {
      this.logger.warn(
        `${live.length} subscription(s) of a deleted account could not be cancelled: Stripe is not configured`,
      );
      return;
    }
    for (const subscription of live) {
      await this.stripe.cancelSubscription(subscription.stripeSubscriptionId);
      await this.records.markCancelled(subscription, this.clock.now());
    }
    this.logger.log(`Cancelled ${live.length} subscription(s) at Stripe for a deleted account`);
  }

  /** `id` is a user's (customer, subscriptions as a fan) or a creator's (account, price). */
  private async eraseAccount(id: string, { transaction, count }: ErasureContext): Promise<'erased'> {
    const erased = await this.records.eraseAccount(transaction, id);
    count('paymentsPseudonymised', erased.paymentsPseudonymised);
    count('subscriptionsPseudonymised', erased.subscriptionsPseudonymised);
    return 'erased';
  }
}
