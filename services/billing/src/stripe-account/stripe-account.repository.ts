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
}
