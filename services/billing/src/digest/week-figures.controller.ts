import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { WeekFiguresRepository } from './week-figures.repository';

/** Internal (creators' weekly digest): a creator's subscription figures of one week. */
@Controller()
export class WeekFiguresController {
  constructor(private readonly figures: WeekFiguresRepository) {}

  @MessagePattern(Subjects.BillingWeekFiguresGet)
  get(
    @Payload() { creatorId, from, to }: ParsedRequestOf<typeof Subjects.BillingWeekFiguresGet>,
  ): Promise<ReplyOf<typeof Subjects.BillingWeekFiguresGet>> {
    return this.figures.figures(creatorId, new Date(from), new Date(to));
  }
}
