import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_SUBSCRIPTION_PRICE_CENTS } from '@backtalk/proto';
import { Repository } from 'typeorm';
import { CreatorPriceEntity } from './creator-price.entity';

@Injectable()
export class CreatorPriceRepository {
  constructor(
    @InjectRepository(CreatorPriceEntity) private readonly prices: Repository<CreatorPriceEntity>,
  ) {}

  /** The creator's price, or the default one (not stored) when they never set it. */
  async findByCreator(creatorId: string): Promise<CreatorPriceEntity> {
    return (
      (await this.prices.findOneBy({ creatorId })) ??
      this.prices.create({
        creatorId,
        pricePerSubscription: DEFAULT_SUBSCRIPTION_PRICE_CENTS,
        stripeProductId: null,
        stripePriceId: null,
      })
    );
  }

  /** Sets the amount; a changed amount forgets the Stripe price (checkout makes a new one). */
  async setAmount(creatorId: string, pricePerSubscription: number): Promise<void> {
    const current = await this.findByCreator(creatorId);
    const changed = current.pricePerSubscription !== pricePerSubscription;
    await this.prices.save({
      ...current,
      pricePerSubscription,
      stripePriceId: changed ? null : current.stripePriceId,
    });
  }

  /** Records the Stripe product, and the price made for `amount` unless the amount changed meanwhile. */
  async recordStripePrice(
    creatorId: string,
    amount: number,
    productId: string,
    priceId: string,
  ): Promise<void> {
    await this.prices.query(
      `INSERT INTO billing.creator_prices ("creatorId", price_per_subscription, "stripeProductId", "stripePriceId")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("creatorId") DO UPDATE SET
         "stripeProductId" = EXCLUDED."stripeProductId",
         "stripePriceId" = CASE WHEN creator_prices.price_per_subscription = EXCLUDED.price_per_subscription
                                THEN EXCLUDED."stripePriceId" ELSE creator_prices."stripePriceId" END`,
      [creatorId, amount, productId, priceId],
    );
  }
}
