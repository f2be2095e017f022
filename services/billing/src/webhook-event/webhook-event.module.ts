import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EarningsModule } from '../earnings/earnings.module';
import { StripeAccountModule } from '../stripe-account/stripe-account.module';
import { CreatorSubscriptionModule } from '../subscription/creator-subscription.module';
import { ApplyStripeEvent } from './apply-stripe-event.use-case';
import { StripeEventConsumer } from './stripe-event.consumer';
import { WebhookEventRepository } from './webhook-event.repository';

@Module({
  imports: [TypeOrmModule, CreatorSubscriptionModule, StripeAccountModule, EarningsModule],
  providers: [WebhookEventRepository, ApplyStripeEvent, StripeEventConsumer],
})
export class WebhookEventModule {}
