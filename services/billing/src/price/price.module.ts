import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorPriceEntity } from './creator-price.entity';
import { CreatorPriceRepository } from './creator-price.repository';
import { PriceController } from './price.controller';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorPriceEntity])],
  controllers: [PriceController],
  providers: [CreatorPriceRepository],
  exports: [CreatorPriceRepository],
})
export class PriceModule {}
