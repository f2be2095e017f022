import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import { CreatorInsightsResponse, InsightsCreatorParams, InsightsQuery } from './insights.dto';

/**
 * What fans ask a creator's persona (docs/insights.md): topics, weekly counts and video ideas.
 * chat-inference owns fan questions and authorizes the caller (the creator's own user or an admin);
 * grouping runs in the background, never on this request.
 */
@ApiTags('insights')
@ApiBearerAuth()
@Controller('api')
export class InsightsController {
  constructor(private readonly client: ServiceClient) {}

  /** The creator's own insights over the last `weeks` weeks (default 8, at most 26). */
  @Get('creators/:creatorId/insights')
  @ApiOkResponse({ type: CreatorInsightsResponse })
  get(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: InsightsCreatorParams,
    @Query() query: InsightsQuery,
  ): Promise<CreatorInsightsResponse> {
    return this.client.request(Subjects.ChatCreatorInsightsGet, { actor, creatorId, ...query });
  }
}
