import { DynamicModule, Module } from '@nestjs/common';
import { DurableQueueModule, ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { BillingConfig } from './billing.config';
import { billingDatabase } from './billing.database';
import { StripeAccountModule } from './stripe-account/stripe-account.module';
import { CreatorSubscriptionModule } from './subscription/creator-subscription.module';
import { WebhookEventModule } from './webhook-event/webhook-event.module';

@Module({})
export class BillingModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        ServiceKitModule.forService({
          name: 'billing',
          config: BillingConfig,
          database: billingDatabase,
          healthSubject: Subjects.BillingHealthCheck,
          env,
        }),
        DurableQueueModule.forService(),
        CreatorSubscriptionModule,
        StripeAccountModule,
        WebhookEventModule,
      ],
    };
  }
}
