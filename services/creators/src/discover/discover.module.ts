import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { CreatorPayments } from '../creator/creator-payments.reader';
import { DiscoverController } from './discover.controller';
import { DiscoverRepository } from './discover.repository';

@Module({
  imports: [TypeOrmModule.forFeature([CreatorEntity])],
  controllers: [DiscoverController],
  providers: [DiscoverRepository, CreatorPayments],
})
export class DiscoverModule {}
