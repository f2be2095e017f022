import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
  ReplySampleListResponse,
  ReplySampleParams,
  ReplySampleRateBody,
  ReplySamplesCreatorParams,
  ReplySamplingBody,
  ReplySamplingResponse,
} from './reply-samples.dto';

/**
 * Sampled replies (issue 23 item 4; docs/creators.md, "Sampled replies"): the creator reviews a few
 * anonymised replies of their persona on /creator/preview; a fan may turn sampling off.
 * chat-inference owns them and authorizes (a creator's own samples only; the fan's own switch).
 */
@ApiTags('reply-samples')
@ApiBearerAuth()
@Controller('api')
export class ReplySamplesController {
  constructor(private readonly client: ServiceClient) {}

  /** The creator's sampled replies, newest first, with the counts of thumbs up and down. */
  @Get('creators/:creatorId/reply-samples')
  @ApiOkResponse({ type: ReplySampleListResponse })
  list(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: ReplySamplesCreatorParams,
  ): Promise<ReplySampleListResponse> {
    return this.client.request(Subjects.ChatReplySampleList, { actor, creatorId });
  }

  /** A thumbs up or down on one sampled reply (null takes it back); answers the list again. */
  @Put('creators/:creatorId/reply-samples/:sampleId/rating')
  @ApiOkResponse({ type: ReplySampleListResponse })
  rate(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, sampleId }: ReplySampleParams,
    @Body() { rating }: ReplySampleRateBody,
  ): Promise<ReplySampleListResponse> {
    return this.client.request(Subjects.ChatReplySampleRate, { actor, creatorId, sampleId, rating });
  }

  /** Whether the caller's replies may be sampled for creators' review (on unless turned off). */
  @Get('reply-sampling')
  @ApiOkResponse({ type: ReplySamplingResponse })
  setting(@CurrentActor() actor: Actor): Promise<ReplySamplingResponse> {
    return this.client.request(Subjects.ChatReplySamplingGet, { actor });
  }

  /** Turns sampling of the caller's replies on or off; off also removes what was sampled. */
  @Put('reply-sampling')
  @ApiOkResponse({ type: ReplySamplingResponse })
  setSetting(
    @CurrentActor() actor: Actor,
    @Body() { sampled }: ReplySamplingBody,
  ): Promise<ReplySamplingResponse> {
    return this.client.request(Subjects.ChatReplySamplingSet, { actor, sampled });
  }
}
