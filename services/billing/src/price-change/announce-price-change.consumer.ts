import { Injectable, Logger } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf, ServiceClient } from '@backtalk/kit';
import { DurableSubjects, Subjects } from '@backtalk/proto';
import { CreatorDirectory } from '../creators/creator-directory';
import { CreatorPriceRepository } from '../price/creator-price.repository';
import { StripeAccountRepository } from '../stripe-account/stripe-account.repository';
import { StripeClient } from '../stripe/stripe.client';
import { priceChangeNotice } from './notice-email';
import { PriceChangeRepository } from './price-change.repository';

/**
 * billing.price-change.announced: every existing subscriber a change found is scheduled at Stripe
 * to move at their renewal (when the subscription lives at Stripe and a key is configured) and
 * emailed through identity. Each step is recorded per subscriber, so a redelivery finishes what a
 * failure left and repeats nothing (identity sends each notice's key once).
 */
@Injectable()
export class AnnouncePriceChangeConsumer {
  private readonly logger = new Logger(AnnouncePriceChangeConsumer.name);

  constructor(
    private readonly changes: PriceChangeRepository,
    private readonly prices: CreatorPriceRepository,
    private readonly accounts: StripeAccountRepository,
    private readonly creators: CreatorDirectory,
    private readonly stripe: StripeClient,
    private readonly client: ServiceClient,
  ) {}

  @DurableHandler(DurableSubjects.BillingPriceChangeAnnounced)
  async handle(
    ...[{ changeId, creatorId }]: Parameters<
      DurableHandlerOf<typeof DurableSubjects.BillingPriceChangeAnnounced>
    >
  ): Promise<void> {
    const change = await this.changes.find(changeId);
    if (!change || change.creatorId !== creatorId) return;
    const moves = await this.changes.scheduledMoves(changeId);
    if (moves.length === 0) return;
    const creator = await this.creators.creator(creatorId);
    const atStripe = moves.filter((move) => move.stripeSubscriptionId && !move.stripeScheduleId);
    if (atStripe.length > 0 && this.stripe.configured) {
      const account = await this.accounts.findByCreator(creatorId);
      if (!account) throw new Error(`creator ${creatorId} has subscriptions but no Stripe account`);
      const priceId = await this.stripePriceOf(creatorId, change.toPrice);
      for (const move of atStripe) {
        const scheduleId = await this.stripe.schedulePriceMove({
          subscriptionId: move.stripeSubscriptionId!,
          scheduleId: await this.changes.scheduleOf(move.stripeSubscriptionId!),
          effectiveAt: move.effectiveAt,
          priceId,
          connectedAccountId: account.stripeAccountId,
          idempotencyKey: changeId,
        });
        await this.changes.recordScheduled(changeId, move.userId, scheduleId);
      }
    }
    for (const move of moves.filter((candidate) => !candidate.notifiedAt)) {
      await this.client.request(
        Subjects.IdentityMailSend,
        priceChangeNotice({
          changeId,
          userId: move.userId,
          creatorName: creator.nickName || `@${creator.handle}`,
          fromPrice: change.fromPrice,
          toPrice: change.toPrice,
          effectiveAt: move.effectiveAt,
        }),
      );
      await this.changes.recordNotified(changeId, move.userId, new Date());
    }
    this.logger.log(`Price change ${changeId}: ${moves.length} subscribers told and scheduled`);
  }

  /** The Stripe price of `amount`: the creator's current one when it is that amount, else a new one. */
  private async stripePriceOf(creatorId: string, amount: number): Promise<string> {
    const current = await this.prices.findByCreator(creatorId);
    if (current.pricePerSubscription === amount && current.stripePriceId) return current.stripePriceId;
    const made = await this.stripe.createMonthlyPrice(creatorId, amount, current.stripeProductId);
    await this.prices.recordStripePrice(creatorId, amount, made.productId, made.priceId);
    return made.priceId;
  }
}
