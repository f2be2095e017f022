import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PriceChangeRepository } from '../price-change/price-change.repository';
import { CreatorPriceEntity } from './creator-price.entity';
import { CreatorPriceRepository } from './creator-price.repository';
import { PriceController } from './price.controller';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorPriceEntity])],
  controllers: [PriceController],
  providers: [CreatorPriceRepository, PriceChangeRepository],
  exports: [CreatorPriceRepository, PriceChangeRepository],
})
export class PriceModule {}
