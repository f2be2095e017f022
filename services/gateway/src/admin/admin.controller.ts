import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import { CreatorInitStatusResponse } from '../creators/creator-onboarding.dto';
import {
  DemoAccountCreateBody,
  DemoAccountIdParams,
  DemoAccountListResponse,
  DemoAccountPromptBody,
  DemoAccountResponse,
} from './admin.dto';

/**
 * The admin pages' API (spec §2 /admin/*, §6 Admin). Creators owns demo accounts and their
 * prompts and answers FORBIDDEN (403) to anyone outside the admin group.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
export class AdminController {
  constructor(private readonly client: ServiceClient) {}

  /** The demo creators with their prompts. */
  @Get('demo-accounts')
  @ApiOkResponse({ type: DemoAccountListResponse })
  demoAccounts(@CurrentActor() actor: Actor): Promise<DemoAccountListResponse> {
    return this.client.request(Subjects.CreatorsDemoAccountList, { actor });
  }

  /**
   * Makes a demo creator of a TikTok profile link and starts its initialisation (spec §7
   * getTiktokUserFunc with createDemoAccount); the answer is the run's first status, followed at
   * `GET /api/creator/init/events?creatorId=…`.
   */
  @Post('demo-accounts')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatorInitStatusResponse })
  create(
    @CurrentActor() actor: Actor,
    @Body() { tiktokURL }: DemoAccountCreateBody,
  ): Promise<CreatorInitStatusResponse> {
    return this.client.request(Subjects.CreatorsDemoAccountCreate, { actor, tiktokURL });
  }

  /** Starts a demo creator's initialisation again after a failed run (its Retry). */
  @Post('demo-accounts/:creatorId/init')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatorInitStatusResponse })
  startInit(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: DemoAccountIdParams,
  ): Promise<CreatorInitStatusResponse> {
    return this.client.request(Subjects.CreatorsInitStart, { actor, creatorId });
  }

  /** Saves a demo creator's prompt as a new prompt version. */
  @Put('demo-accounts/:creatorId/prompt')
  @ApiOkResponse({ type: DemoAccountResponse })
  updatePrompt(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: DemoAccountIdParams,
    @Body() { creatorPrompt }: DemoAccountPromptBody,
  ): Promise<DemoAccountResponse> {
    return this.client.request(Subjects.CreatorsDemoAccountPromptUpdate, { actor, creatorId, creatorPrompt });
  }
}
