import { Module } from '@nestjs/common';
import { DurableQueueModule } from '@backtalk/kit';
import { PersonaModule } from '../persona/persona.module';
import { InsightsModule } from '../insights/insights.module';
import { ReplySamplesModule } from '../reply-samples/reply-samples.module';
import { ChatStanding } from './chat-standing';
import { ChatStandingRepository } from './chat-standing.repository';
import { CreatorErasedConsumer } from './creator-erased.consumer';
import { PersonaPauseConsumer } from './persona-pause.consumer';
import { ReportRepository } from './report.repository';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/**
 * Reports, fans' cool-downs and suspensions from chat, and the read copy of paused personas
 * (docs/safety.md, "Reports"). The conversation module asks ChatStanding before each send, shows
 * hidden messages as hidden (ReportRepository.hiddenAmong), and moderation calls
 * ChatStanding.recordBlockedMessage.
 */
@Module({
  imports: [PersonaModule, InsightsModule, ReplySamplesModule, DurableQueueModule.forService()],
  controllers: [ReportsController],
  providers: [
    ReportRepository,
    ChatStandingRepository,
    ChatStanding,
    ReportsService,
    PersonaPauseConsumer,
    CreatorErasedConsumer,
  ],
  exports: [ChatStanding, ReportRepository],
})
export class ReportsModule {}
