import { Module } from '@nestjs/common';
import { CreatorModule } from '../creator/creator.module';
import { DigestController } from './digest.controller';
import { DigestRepository } from './digest.repository';
import { DigestScheduler } from './digest.scheduler';
import { SendWeeklyDigestConsumer } from './send-weekly-digest.consumer';

@Module({
  imports: [CreatorModule],
  controllers: [DigestController],
  providers: [DigestRepository, DigestScheduler, SendWeeklyDigestConsumer],
  exports: [DigestScheduler],
})
export class DigestModule {}
