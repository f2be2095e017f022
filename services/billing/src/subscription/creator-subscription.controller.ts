import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorSubscriptionRepository } from './creator-subscription.repository';

@Controller()
export class CreatorSubscriptionController {
  constructor(private readonly subscriptions: CreatorSubscriptionRepository) {}

  @MessagePattern(Subjects.BillingSubscriptionGetActive)
  async getActive(
    @Payload() { userId, creatorId }: ParsedRequestOf<typeof Subjects.BillingSubscriptionGetActive>,
  ): Promise<ReplyOf<typeof Subjects.BillingSubscriptionGetActive>> {
    const subscription = await this.subscriptions.findActive(userId, creatorId);
    return { active: subscription !== null, endDate: subscription?.endDate.toISOString() ?? null };
  }
}
