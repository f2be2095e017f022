import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
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
