import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
  FeatureFlagCreateBody,
  FeatureFlagIdParams,
  FeatureFlagListResponse,
  FeatureFlagResponse,
  FeatureFlagUpdateBody,
} from './feature-flags.dto';

/**
 * The feature-flag admin (spec §4, §6, §7, §9): any session reads the flags of this deployment's
 * environment; the feature-flags service lets admins create and toggle them, in development only.
 */
@ApiTags('feature-flags')
@ApiBearerAuth()
@Controller('api/feature-flags')
export class FeatureFlagsController {
  constructor(private readonly client: ServiceClient) {}

  /** This deployment's environment and its flags, by name. */
  @Get()
  @ApiOkResponse({ type: FeatureFlagListResponse })
  list(): Promise<FeatureFlagListResponse> {
    return this.client.request(Subjects.FeatureFlagsFlagList, {});
  }

  @Post()
  @ApiCreatedResponse({ type: FeatureFlagResponse })
  create(@CurrentActor() actor: Actor, @Body() body: FeatureFlagCreateBody): Promise<FeatureFlagResponse> {
    return this.client.request(Subjects.FeatureFlagsFlagCreate, { actor, ...body });
  }

  /** Turns a flag on or off; readers see the change within their 60 s cache. */
  @Patch(':id')
  @ApiOkResponse({ type: FeatureFlagResponse })
  update(
    @CurrentActor() actor: Actor,
    @Param() { id }: FeatureFlagIdParams,
    @Body() { enabled }: FeatureFlagUpdateBody,
  ): Promise<FeatureFlagResponse> {
    return this.client.request(Subjects.FeatureFlagsFlagUpdate, { actor, id, enabled });
  }
}
