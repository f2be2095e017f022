import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { StripeAccountEntity } from './stripe-account.entity';

/** Creators' payment accounts; public facts about a creator, so reads take the creator's id. */
@Injectable()
export class StripeAccountRepository {
  constructor(
    @InjectRepository(StripeAccountEntity) private readonly accounts: Repository<StripeAccountEntity>,
  ) {}

  findByCreators(creatorIds: string[]): Promise<StripeAccountEntity[]> {
    return this.accounts.findBy({ creatorId: In(creatorIds) });
  }

  findByCreator(creatorId: string): Promise<StripeAccountEntity | null> {
    return this.accounts.findOneBy({ creatorId });
  }

  /**
   * Stores the creator's account unless they already have one, and answers the one that is
   * stored: two 'Start Earning' clicks at once leave one account (Stripe's idempotency key
   * makes both creates return the same id anyway).
   */
  async saveFirst(creatorId: string, stripeAccountId: string): Promise<StripeAccountEntity> {
    await this.accounts
      .createQueryBuilder()
      .insert()
      .values({ creatorId, stripeAccountId })
      .orIgnore()
      .execute();
    return this.accounts.findOneByOrFail({ creatorId });
  }

  async markOnboardingComplete(creatorId: string): Promise<void> {
    await this.accounts.update({ creatorId }, { onboardingComplete: true });
  }
}
