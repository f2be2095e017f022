import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import { CreatorIdParams } from '../reports/reports.dto';
import { AudienceSetBody, AudienceSetResponse } from './creators.dto';

/** A creator's audience minimum (docs/safety.md, "Age"); creators authorizes the caller. */
@ApiTags('creators')
@ApiBearerAuth()
@Controller('api/creators')
export class CreatorAudienceController {
  constructor(private readonly client: ServiceClient) {}

  /** The creator's own user (or an admin) chooses the youngest fans the chat is for: 13+, 16+ or 18+. */
  @Put(':creatorId/audience')
  @ApiOkResponse({ type: AudienceSetResponse })
  set(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() { audienceMinimum }: AudienceSetBody,
  ): Promise<AudienceSetResponse> {
    return this.client.request(Subjects.CreatorsAudienceSet, { actor, creatorId, audienceMinimum });
  }
}
