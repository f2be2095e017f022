import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { InsightsService } from './insights.service';

/** Insights and video ideas (docs/insights.md); authorization is in InsightsService. */
@Controller()
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @MessagePattern(Subjects.ChatCreatorInsightsGet)
  get(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatCreatorInsightsGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatCreatorInsightsGet>> {
    return this.insights.forCreator(request);
  }

  @MessagePattern(Subjects.ChatInsightsDigestGet)
  digest(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatInsightsDigestGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatInsightsDigestGet>> {
    return this.insights.digest(request);
  }
}
