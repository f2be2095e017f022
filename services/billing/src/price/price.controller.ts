import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { BillingConfig } from '../billing.config';
import { CreatorDirectory } from '../creators/creator-directory';
import { PriceChangeRepository } from '../price-change/price-change.repository';
import { priceSplit } from '../stripe/price-split';
import { CreatorPriceRepository } from './creator-price.repository';

/** The caller's own creator's monthly price, with what a payment of it becomes. */
@Controller()
export class PriceController {
  constructor(
    private readonly creators: CreatorDirectory,
    private readonly prices: CreatorPriceRepository,
    private readonly config: BillingConfig,
    private readonly changes: PriceChangeRepository,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.BillingPriceGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingPriceGet>,
  ): Promise<ReplyOf<typeof Subjects.BillingPriceGet>> {
    const creator = await this.creators.ownCreator(actor);
    const { pricePerSubscription } = await this.prices.findByCreator(creator.id);
    return priceSplit(pricePerSubscription, this.config.PLATFORM_FEE_PERCENT);
  }

  /**
   * Works without Stripe keys too: the Stripe price is made at the next checkout. New fans pay the
   * new price at once; a change finds the existing subscribers, who are told and move at their
   * first renewal at least 30 days later (docs/billing.md, "Price changes with notice"). A change
   * whose announcement did not reach the queue is announced again at the next save.
   */
  @MessagePattern(Subjects.BillingPriceSet)
  async set(
    @Payload() { actor, pricePerSubscription }: ParsedRequestOf<typeof Subjects.BillingPriceSet>,
  ): Promise<ReplyOf<typeof Subjects.BillingPriceSet>> {
    const creator = await this.creators.ownCreator(actor);
    const before = await this.prices.findByCreator(creator.id);
    await this.prices.setAmount(creator.id, pricePerSubscription);
    if (before.pricePerSubscription !== pricePerSubscription)
      await this.changes.record(creator.id, before.pricePerSubscription, pricePerSubscription, new Date());
    const unannounced = await this.changes.latestUnannounced(creator.id);
    if (unannounced)
      await this.queue.publish(
        DurableSubjects.BillingPriceChangeAnnounced,
        { changeId: unannounced, creatorId: creator.id },
        { dedupeId: `price-change:${unannounced}` },
      );
    return priceSplit(pricePerSubscription, this.config.PLATFORM_FEE_PERCENT);
  }
}
