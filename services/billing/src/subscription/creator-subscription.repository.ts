import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { CreatorSubscriptionEntity } from './creator-subscription.entity';

@Injectable()
export class CreatorSubscriptionRepository {
  constructor(
    @InjectRepository(CreatorSubscriptionEntity)
    private readonly subscriptions: Repository<CreatorSubscriptionEntity>,
  ) {}

  /** The fan's active subscription to one creator: status active and not yet ended (spec §5). */
  findActive(userId: string, creatorId: string, now = new Date()): Promise<CreatorSubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId, creatorId, status: 'active', endDate: MoreThan(now) });
  }
}
