import { Module } from '@nestjs/common';
import { GuestDataController } from './guest-data.controller';
import { GuestDataRepository } from './guest-data.repository';

@Module({
  controllers: [GuestDataController],
  providers: [GuestDataRepository],
})
export class GuestDataModule {}
