import { Injectable } from '@nestjs/common';
import { DurableHandler } from '@backtalk/kit';
import { type DurablePayloadOf, DurableSubjects } from '@backtalk/proto';
import { InsightsService } from './insights.service';

/**
 * Topic grouping as durable background work (docs/insights.md): a stored question names its
 * creator, and whichever replica takes the message groups all of that creator's ungrouped
 * questions. A redelivery or a second message finds nothing left and changes nothing.
 */
@Injectable()
export class QuestionGroupingConsumer {
  constructor(private readonly insights: InsightsService) {}

  @DurableHandler(DurableSubjects.ChatInferenceFanQuestionRecorded)
  async recorded({
    creatorId,
  }: DurablePayloadOf<typeof DurableSubjects.ChatInferenceFanQuestionRecorded>): Promise<void> {
    await this.insights.group(creatorId);
  }
}
