import { Module } from '@nestjs/common';
import { PriceModule } from '../price/price.module';
import { StripeAccountModule } from '../stripe-account/stripe-account.module';
import { CreatorSubscriptionModule } from '../subscription/creator-subscription.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutUseCase } from './checkout.use-case';

@Module({
  imports: [StripeAccountModule, PriceModule, CreatorSubscriptionModule],
  controllers: [CheckoutController],
  providers: [CheckoutUseCase],
})
export class CheckoutModule {}
