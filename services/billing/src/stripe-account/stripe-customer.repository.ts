import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StripeCustomerEntity } from './stripe-customer.entity';

/** A fan's Stripe customer; read only by the fan's own id. */
@Injectable()
export class StripeCustomerRepository {
  constructor(
    @InjectRepository(StripeCustomerEntity) private readonly customers: Repository<StripeCustomerEntity>,
  ) {}

  findByUser(userId: string): Promise<StripeCustomerEntity | null> {
    return this.customers.findOneBy({ userId });
  }

  /** Stores the user's customer unless they have one, and answers the stored one. */
  async saveFirst(userId: string, stripeCustomerId: string): Promise<StripeCustomerEntity> {
    await this.customers
      .createQueryBuilder()
      .insert()
      .values({ userId, stripeCustomerId })
      .orIgnore()
      .execute();
    return this.customers.findOneByOrFail({ userId });
  }
}
