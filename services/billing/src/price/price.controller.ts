import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { BillingConfig } from '../billing.config';
import { CreatorDirectory } from '../creators/creator-directory';
import { priceSplit } from '../stripe/price-split';
import { CreatorPriceRepository } from './creator-price.repository';

/** The caller's own creator's monthly price, with what a payment of it becomes. */
@Controller()
export class PriceController {
  constructor(
    private readonly creators: CreatorDirectory,
    private readonly prices: CreatorPriceRepository,
    private readonly config: BillingConfig,
  ) {}

  @MessagePattern(Subjects.BillingPriceGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingPriceGet>,
  ): Promise<ReplyOf<typeof Subjects.BillingPriceGet>> {
    const creator = await this.creators.ownCreator(actor);
    const { pricePerSubscription } = await this.prices.findByCreator(creator.id);
    return priceSplit(pricePerSubscription, this.config.PLATFORM_FEE_PERCENT);
  }

  /** Works without Stripe keys too: the Stripe price is made at the next checkout. */
  @MessagePattern(Subjects.BillingPriceSet)
  async set(
    @Payload() { actor, pricePerSubscription }: ParsedRequestOf<typeof Subjects.BillingPriceSet>,
  ): Promise<ReplyOf<typeof Subjects.BillingPriceSet>> {
    const creator = await this.creators.ownCreator(actor);
    await this.prices.setAmount(creator.id, pricePerSubscription);
    return priceSplit(pricePerSubscription, this.config.PLATFORM_FEE_PERCENT);
  }
}
