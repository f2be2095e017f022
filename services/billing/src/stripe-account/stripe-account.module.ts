import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorPaymentController } from './creator-payment.controller';
import { OnboardingController } from './onboarding.controller';
import { OnboardingService } from './onboarding.service';
import { StripeAccountEntity } from './stripe-account.entity';
import { StripeAccountRepository } from './stripe-account.repository';
import { StripeCustomerEntity } from './stripe-customer.entity';
import { StripeCustomerRepository } from './stripe-customer.repository';

@Module({
  imports: [TypeOrmModule.forFeature([StripeAccountEntity, StripeCustomerEntity])],
  controllers: [CreatorPaymentController, OnboardingController],
  providers: [StripeAccountRepository, StripeCustomerRepository, OnboardingService],
  exports: [StripeAccountRepository, StripeCustomerRepository],
})
export class StripeAccountModule {}
