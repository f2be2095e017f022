import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorSubscriptionModule } from '../subscription/creator-subscription.module';
import { ApplyStripeEvent } from './apply-stripe-event.use-case';
import { StripeEventConsumer } from './stripe-event.consumer';
import { WebhookEventRepository } from './webhook-event.repository';

@Module({
  imports: [TypeOrmModule, CreatorSubscriptionModule],
  providers: [WebhookEventRepository, ApplyStripeEvent, StripeEventConsumer],
})
export class WebhookEventModule {}
