import { Injectable } from '@nestjs/common';
import { DurableHandler } from '@backtalk/kit';
import { type DurablePayloadOf, DurableSubjects } from '@backtalk/proto';
import { ReportRepository } from './report.repository';

/**
 * A deleted creator's record is gone (creators' retention): the reports about its persona and
 * the read copy of its pause name it, so they go too. Handling one twice changes nothing.
 */
@Injectable()
export class CreatorErasedConsumer {
  constructor(private readonly reports: ReportRepository) {}

  @DurableHandler(DurableSubjects.ChatInferenceCreatorErased)
  async erased({
    creatorId,
  }: DurablePayloadOf<typeof DurableSubjects.ChatInferenceCreatorErased>): Promise<void> {
    await this.reports.eraseCreator(creatorId);
  }
}
