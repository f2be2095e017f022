import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { StripeCustomerRepository } from '../stripe-account/stripe-customer.repository';
import { StripeClient } from '../stripe/stripe.client';
import { CreatorSubscriptionRepository } from './creator-subscription.repository';
import { subscriptionSummary } from './subscription-summary';

@Controller()
export class CreatorSubscriptionController {
  constructor(
    private readonly subscriptions: CreatorSubscriptionRepository,
    private readonly customers: StripeCustomerRepository,
    private readonly stripe: StripeClient,
  ) {}

  @MessagePattern(Subjects.BillingSubscriptionGetActive)
  async getActive(
    @Payload() { userId, creatorId }: ParsedRequestOf<typeof Subjects.BillingSubscriptionGetActive>,
  ): Promise<ReplyOf<typeof Subjects.BillingSubscriptionGetActive>> {
    const subscription = await this.subscriptions.findActive(userId, creatorId);
    return { active: subscription !== null, endDate: subscription?.endDate.toISOString() ?? null };
  }

  /** Spec §7 getUserSubscriptionsFunc, for the caller only (the actor is the owner). */
  @MessagePattern(Subjects.BillingSubscriptionList)
  async list(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingSubscriptionList>,
  ): Promise<ReplyOf<typeof Subjects.BillingSubscriptionList>> {
    const now = new Date();
    const [subscriptions, customer] = await Promise.all([
      this.subscriptions.findByUser(actor.userId),
      this.customers.findByUser(actor.userId),
    ]);
    return {
      subscriptions: subscriptions.map((row) => subscriptionSummary(row, now)),
      canManageBilling: customer !== null,
      paymentsConfigured: this.stripe.configured,
    };
  }
}
