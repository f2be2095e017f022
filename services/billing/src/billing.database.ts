import { AccountErasureEntity, DurableMessageEntity, type ServiceDatabase } from '@backtalk/kit';
import { CreatorSubscriptionEntity } from './subscription/creator-subscription.entity';
import { StripeAccountEntity } from './stripe-account/stripe-account.entity';
import { StripeCustomerEntity } from './stripe-account/stripe-customer.entity';
import { ProcessedWebhookEventEntity } from './webhook-event/processed-webhook-event.entity';
import { StripeObjectVersionEntity } from './webhook-event/stripe-object-version.entity';
import { migrations } from './migrations';
import { CreatorPriceEntity } from './price/creator-price.entity';
import { SubscriptionPaymentEntity } from './earnings/subscription-payment.entity';
import { PriceChangeEntity, PriceChangeMoveEntity } from './price-change/price-change.entity';

export const billingDatabase: ServiceDatabase = {
  schema: 'billing',
  entities: [
    CreatorSubscriptionEntity,
    StripeAccountEntity,
    StripeCustomerEntity,
    ProcessedWebhookEventEntity,
    CreatorPriceEntity,
    StripeObjectVersionEntity,
    SubscriptionPaymentEntity,
    PriceChangeEntity,
    PriceChangeMoveEntity,
    // Standalone mode's durable queue (the Stripe events the gateway hands over).
    DurableMessageEntity,
    // Retention (docs/retention.md): deleted accounts to erase.
    AccountErasureEntity,
  ],
  migrations,
};
