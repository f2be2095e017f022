import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Response } from 'express';
import { CurrentActor } from '../auth/auth.guard';
import { relayInitStatus } from './init-status-stream';
import {
  ContentProvidersResponse,
  CreatorInitStatusQuery,
  CreatorInitStatusResponse,
  CreatorResyncBody,
  CreatorResyncResponse,
  CreatorPromptQuery,
  CreatorPromptResponse,
  CreatorPromptRollbackBody,
  CreatorPromptUpdateBody,
  DataExportImportBody,
  DataExportImportResponse,
  VerificationCheckResponse,
  VerificationKeyCreateBody,
  VerificationKeyCreateResponse,
  VerificationKeyResponse,
} from './creator-onboarding.dto';
import { CreatorResponse } from './creators.dto';

/**
 * The signed-in user's own creator records: the verification key, the verification, the
 * content providers and the creator prompt. Every route acts for the token's user; the
 * creators service decides what that user may see and change (spec §6).
 */
@ApiTags('creator')
@ApiBearerAuth()
@Controller('api/creator')
export class CreatorOnboardingController {
  constructor(private readonly client: ServiceClient) {}

  /** The creator profile the caller owns; 404 CREATOR_NOT_FOUND for a user who is not a creator. */
  @Get('me')
  @ApiOkResponse({ type: CreatorResponse })
  me(@CurrentActor() actor: Actor): Promise<CreatorResponse> {
    return this.client.request(Subjects.CreatorsCreatorFindByUser, { userId: actor.userId });
  }

  /** The caller's key, if they generated one (spec §4: an existing key is shown directly). */
  @Get('verification-key')
  @ApiOkResponse({ type: VerificationKeyResponse })
  key(@CurrentActor() actor: Actor): Promise<VerificationKeyResponse> {
    return this.client.request(Subjects.CreatorsVerificationKeyGet, { actor });
  }

  @Post('verification-key')
  @HttpCode(200)
  @ApiOkResponse({ type: VerificationKeyCreateResponse })
  createKey(
    @CurrentActor() actor: Actor,
    @Body() body: VerificationKeyCreateBody,
  ): Promise<VerificationKeyCreateResponse> {
    return this.client.request(Subjects.CreatorsVerificationKeyCreate, { actor, ...body });
  }

  /** Reads the live profile and answers VERIFIED, NOT_VERIFIED or FOLLOWER_UNDER_2500. */
  @Post('verification')
  @HttpCode(200)
  @ApiOkResponse({ type: VerificationCheckResponse })
  verify(@CurrentActor() actor: Actor): Promise<VerificationCheckResponse> {
    return this.client.request(Subjects.CreatorsVerificationCheck, { actor });
  }

  @Get('content-providers')
  @ApiOkResponse({ type: ContentProvidersResponse })
  providers(): Promise<ContentProvidersResponse> {
    return this.client.request(Subjects.IngestionProviderList, {});
  }

  /** The profile part of the caller's TikTok data export (JSON); a malformed one stores nothing. */
  @Post('data-export')
  @HttpCode(200)
  @ApiOkResponse({ type: DataExportImportResponse })
  importDataExport(
    @CurrentActor() actor: Actor,
    @Body() body: DataExportImportBody,
  ): Promise<DataExportImportResponse> {
    return this.client.request(Subjects.IngestionDataExportImport, { actor, ...body });
  }

  @Get('prompt')
  @ApiOkResponse({ type: CreatorPromptResponse })
  prompt(@CurrentActor() actor: Actor, @Query() query: CreatorPromptQuery): Promise<CreatorPromptResponse> {
    return this.client.request(Subjects.CreatorsPromptGet, { actor, ...query });
  }

  /** Saves the prompt as a new version (spec §6 /creator/tools). */
  @Put('prompt')
  @ApiOkResponse({ type: CreatorPromptResponse })
  updatePrompt(
    @CurrentActor() actor: Actor,
    @Body() body: CreatorPromptUpdateBody,
  ): Promise<CreatorPromptResponse> {
    return this.client.request(Subjects.CreatorsPromptUpdate, { actor, ...body });
  }

  /** Makes an earlier version the current prompt (saved as the newest version). */
  @Post('prompt/rollback')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatorPromptResponse })
  rollbackPrompt(
    @CurrentActor() actor: Actor,
    @Body() body: CreatorPromptRollbackBody,
  ): Promise<CreatorPromptResponse> {
    return this.client.request(Subjects.CreatorsPromptRollback, { actor, ...body });
  }

  /** Starts the caller's creator initialisation, or answers the run under way (a failed run is retried). */
  @Post('init')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatorInitStatusResponse })
  startInit(@CurrentActor() actor: Actor): Promise<CreatorInitStatusResponse> {
    return this.client.request(Subjects.CreatorsInitStart, { actor });
  }

  @Get('init')
  @ApiOkResponse({ type: CreatorInitStatusResponse })
  initStatus(
    @CurrentActor() actor: Actor,
    @Query() query: CreatorInitStatusQuery,
  ): Promise<CreatorInitStatusResponse> {
    return this.client.request(Subjects.CreatorsInitStatusGet, { actor, ...query });
  }

  /**
   * The init status live, as Server-Sent Events (`event: status`, data a CreatorInitStatusResponse)
   * each time it changes; the stream ends after a completed or failed status.
   */
  @Get('init/events')
  @ApiProduces('text/event-stream')
  initEvents(
    @CurrentActor() actor: Actor,
    @Query() query: CreatorInitStatusQuery,
    @Res() response: Response,
  ): Promise<void> {
    return relayInitStatus(
      () => this.client.request(Subjects.CreatorsInitStatusGet, { actor, ...query }),
      response,
    );
  }

  /** Re-fetches the caller's (or, for an admin, a named creator's) new posts now. */
  @Post('resync')
  @HttpCode(202)
  @ApiOkResponse({ type: CreatorResyncResponse })
  resync(@CurrentActor() actor: Actor, @Body() body: CreatorResyncBody): Promise<CreatorResyncResponse> {
    return this.client.request(Subjects.CreatorsResyncStart, { actor, ...body });
  }
}
