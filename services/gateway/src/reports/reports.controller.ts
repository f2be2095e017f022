import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
  AdminReportListQuery,
  AdminReportListResponse,
  AdminReportResponse,
  CreatorIdParams,
  CreatorReportListResponse,
  PersonaPauseBody,
  PersonaPauseResponse,
  ReportActBody,
  ReportCreateBody,
  ReportCreateResponse,
  ReportIdParams,
  ReportMessageParams,
} from './reports.dto';

/**
 * Reports on persona replies and the actions they lead to (docs/safety.md, "Reports").
 * chat-inference owns reports and fans' chat standing and creators owns a persona's pause; each
 * authorizes the caller (the fan's own conversation, admins, the persona's own creator).
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('api')
export class ReportsController {
  constructor(private readonly client: ServiceClient) {}

  /** A fan reports a persona reply of their own conversation. */
  @Post('conversations/:id/messages/:messageId/reports')
  @HttpCode(201)
  @ApiCreatedResponse({ type: ReportCreateResponse })
  report(
    @CurrentActor() actor: Actor,
    @Param() { id, messageId }: ReportMessageParams,
    @Body() body: ReportCreateBody,
  ): Promise<ReportCreateResponse> {
    return this.client.request(Subjects.ChatReportCreate, { actor, conversationId: id, messageId, ...body });
  }

  /** Admins: the report queue, newest first, filtered by state and creator. */
  @Get('admin/reports')
  @ApiOkResponse({ type: AdminReportListResponse })
  list(@CurrentActor() actor: Actor, @Query() query: AdminReportListQuery): Promise<AdminReportListResponse> {
    return this.client.request(Subjects.ChatReportList, { actor, ...query });
  }

  /** Admins: dismisses a report or acts on it (hide the message, cool down or suspend the fan, pause the persona). */
  @Post('admin/reports/:reportId/actions')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminReportResponse })
  act(
    @CurrentActor() actor: Actor,
    @Param() { reportId }: ReportIdParams,
    @Body() { action }: ReportActBody,
  ): Promise<AdminReportResponse> {
    return this.client.request(Subjects.ChatReportAct, { actor, reportId, action });
  }

  /** The persona's own creator (or an admin): its reports, without the fans' identity. */
  @Get('creators/:creatorId/reports')
  @ApiOkResponse({ type: CreatorReportListResponse })
  creatorReports(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
  ): Promise<CreatorReportListResponse> {
    return this.client.request(Subjects.ChatCreatorReportList, { actor, creatorId });
  }

  /** The persona's own creator (or an admin) pauses or resumes it; fans cannot send while it is paused. */
  @Put('creators/:creatorId/pause')
  @ApiOkResponse({ type: PersonaPauseResponse })
  pause(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() { paused }: PersonaPauseBody,
  ): Promise<PersonaPauseResponse> {
    return this.client.request(Subjects.CreatorsPersonaPauseSet, { actor, creatorId, paused });
  }
}
