import { DynamicModule, Module } from '@nestjs/common';
import { DurableQueueModule, ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { BillingConfig } from './billing.config';
import { billingDatabase } from './billing.database';
import { CheckoutModule } from './checkout/checkout.module';
import { CreatorDirectoryModule } from './creators/creator-directory.module';
import { EarningsModule } from './earnings/earnings.module';
import { PriceModule } from './price/price.module';
import { PriceChangeModule } from './price-change/price-change.module';
import { WeekFiguresModule } from './digest/week-figures.module';
import { StripeAccountModule } from './stripe-account/stripe-account.module';
import { StripeModule } from './stripe/stripe.module';
import { CreatorSubscriptionModule } from './subscription/creator-subscription.module';
import { WebhookEventModule } from './webhook-event/webhook-event.module';
import { BillingRetentionModule } from './retention/retention.module';

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
        StripeModule,
        CreatorDirectoryModule,
        CreatorSubscriptionModule,
        StripeAccountModule,
        PriceModule,
        PriceChangeModule,
        WeekFiguresModule,
        CheckoutModule,
        WebhookEventModule,
        BillingRetentionModule,
        EarningsModule,
      ],
    };
  }
}
