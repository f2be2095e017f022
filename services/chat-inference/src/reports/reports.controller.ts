import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { ReportsService } from './reports.service';

/** Reports on persona replies (docs/safety.md, "Reports"); authorization is in ReportsService. */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(Subjects.ChatReportCreate)
  create(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReportCreate>,
  ): Promise<ReplyOf<typeof Subjects.ChatReportCreate>> {
    return this.reports.file(request);
  }

  @MessagePattern(Subjects.ChatReportList)
  list(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReportList>,
  ): Promise<ReplyOf<typeof Subjects.ChatReportList>> {
    return this.reports.listForAdmin(request);
  }

  @MessagePattern(Subjects.ChatReportAct)
  act(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReportAct>,
  ): Promise<ReplyOf<typeof Subjects.ChatReportAct>> {
    return this.reports.act(request);
  }

  @MessagePattern(Subjects.ChatCreatorReportList)
  listForCreator(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatCreatorReportList>,
  ): Promise<ReplyOf<typeof Subjects.ChatCreatorReportList>> {
    return this.reports.listForCreator(request);
  }
}
