import { Module } from '@nestjs/common';
import { EarningsController } from './earnings.controller';
import { EarningsRepository } from './earnings.repository';

@Module({
  controllers: [EarningsController],
  providers: [EarningsRepository],
  exports: [EarningsRepository],
})
export class EarningsModule {}
