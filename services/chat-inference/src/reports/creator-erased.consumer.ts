import { Injectable } from '@nestjs/common';
import { DurableHandler } from '@backtalk/kit';
import { type DurablePayloadOf, DurableSubjects } from '@backtalk/proto';
import { ReportRepository } from './report.repository';
import { InsightsRepository } from '../insights/insights.repository';
import { ReplySamplesRepository } from '../reply-samples/reply-samples.repository';

/**
 * A deleted creator's record is gone (creators' retention): the reports about its persona and
 * the read copy of its pause name it, so they go too. Handling one twice changes nothing.
 */
@Injectable()
export class CreatorErasedConsumer {
  constructor(
    private readonly reports: ReportRepository,
    private readonly insights: InsightsRepository,
    private readonly samples: ReplySamplesRepository,
  ) {}

  @DurableHandler(DurableSubjects.ChatInferenceCreatorErased)
  async erased({
    creatorId,
  }: DurablePayloadOf<typeof DurableSubjects.ChatInferenceCreatorErased>): Promise<void> {
    await this.reports.eraseCreator(creatorId);
    // Its fans' questions and their topics (docs/insights.md).
    await this.insights.eraseCreator(creatorId);
    // Its sampled replies and their thumbs (docs/creators.md, "Sampled replies").
    await this.samples.eraseCreator(creatorId);
  }
}
