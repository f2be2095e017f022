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

  /** The fan's subscriptions, the latest started first. */
  findByUser(userId: string): Promise<CreatorSubscriptionEntity[]> {
    return this.subscriptions.find({ where: { userId }, order: { startDate: 'DESC' } });
  }
}

/** Spec §5: status active and endDate in the future. */
export function isActive(subscription: CreatorSubscriptionEntity, now: Date): boolean {
  return subscription.status === 'active' && subscription.endDate.getTime() > now.getTime();
}
