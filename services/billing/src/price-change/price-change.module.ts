import { Module } from '@nestjs/common';
import { PriceModule } from '../price/price.module';
import { StripeAccountModule } from '../stripe-account/stripe-account.module';
import { AnnouncePriceChangeConsumer } from './announce-price-change.consumer';
import { PriceChangeController } from './price-change.controller';

@Module({
  imports: [PriceModule, StripeAccountModule],
  controllers: [PriceChangeController],
  providers: [AnnouncePriceChangeConsumer],
})
export class PriceChangeModule {}
