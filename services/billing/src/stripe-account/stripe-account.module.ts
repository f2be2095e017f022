import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorPaymentController } from './creator-payment.controller';
import { StripeAccountEntity } from './stripe-account.entity';
import { StripeAccountRepository } from './stripe-account.repository';

@Module({
  imports: [TypeOrmModule.forFeature([StripeAccountEntity])],
  controllers: [CreatorPaymentController],
  providers: [StripeAccountRepository],
})
export class StripeAccountModule {}
