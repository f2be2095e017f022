import { Module } from '@nestjs/common';
import { DurableQueueModule } from '@backtalk/kit';
import { PersonaModule } from '../persona/persona.module';
import { InsightsController } from './insights.controller';
import { InsightsRepository } from './insights.repository';
import { InsightsService } from './insights.service';
import { QuestionGroupingConsumer } from './question-grouping.consumer';
import { VideoTitles } from './video-titles';

/**
 * Fan questions, insights and video ideas (docs/insights.md). The conversation module records
 * each fan question with InsightsService.record; account erasure and a creator's erasure remove
 * them through InsightsRepository.
 */
@Module({
  imports: [PersonaModule, DurableQueueModule.forService()],
  controllers: [InsightsController],
  providers: [InsightsRepository, InsightsService, QuestionGroupingConsumer, VideoTitles],
  exports: [InsightsService, InsightsRepository],
})
export class InsightsModule {}
