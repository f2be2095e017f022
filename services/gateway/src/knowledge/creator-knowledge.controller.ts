import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import { CreatorIdParams } from '../reports/reports.dto';
import {
  CorrectedAnswerBody,
  KnowledgeEntryParams,
  KnowledgeNoteBody,
  KnowledgePostParams,
  KnowledgeResponse,
  PostExclusionBody,
} from './creator-knowledge.dto';

/**
 * What the persona may know (docs/creators.md, "Knowledge"): corrected answers, notes and post
 * exclusions on /creator/knowledge. Creators owns them and authorizes the caller (the creator's
 * own user only); every change answers the whole knowledge with the re-indexing it started.
 */
@ApiTags('creators')
@ApiBearerAuth()
@Controller('api/creators/:creatorId/knowledge')
export class CreatorKnowledgeController {
  constructor(private readonly client: ServiceClient) {}

  @Get()
  @ApiOkResponse({ type: KnowledgeResponse })
  get(@CurrentActor() actor: Actor, @Param() { creatorId }: CreatorIdParams): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsKnowledgeGet, { actor, creatorId });
  }

  /** A new corrected answer: the persona quotes it when a fan asks the question. */
  @Post('answers')
  @HttpCode(200)
  @ApiOkResponse({ type: KnowledgeResponse })
  addAnswer(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() body: CorrectedAnswerBody,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsCorrectedAnswerSave, { actor, creatorId, ...body });
  }

  @Put('answers/:id')
  @ApiOkResponse({ type: KnowledgeResponse })
  editAnswer(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, id }: KnowledgeEntryParams,
    @Body() body: CorrectedAnswerBody,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsCorrectedAnswerSave, { actor, creatorId, id, ...body });
  }

  @Delete('answers/:id')
  @ApiOkResponse({ type: KnowledgeResponse })
  deleteAnswer(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, id }: KnowledgeEntryParams,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsCorrectedAnswerDelete, { actor, creatorId, id });
  }

  @Post('notes')
  @HttpCode(200)
  @ApiOkResponse({ type: KnowledgeResponse })
  addNote(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() body: KnowledgeNoteBody,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsKnowledgeNoteSave, { actor, creatorId, ...body });
  }

  @Put('notes/:id')
  @ApiOkResponse({ type: KnowledgeResponse })
  editNote(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, id }: KnowledgeEntryParams,
    @Body() body: KnowledgeNoteBody,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsKnowledgeNoteSave, { actor, creatorId, id, ...body });
  }

  @Delete('notes/:id')
  @ApiOkResponse({ type: KnowledgeResponse })
  deleteNote(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, id }: KnowledgeEntryParams,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsKnowledgeNoteDelete, { actor, creatorId, id });
  }

  /** Excludes (or includes again) one of the creator's posts; a re-sync keeps it so. */
  @Put('posts/:postId')
  @ApiOkResponse({ type: KnowledgeResponse })
  setExclusion(
    @CurrentActor() actor: Actor,
    @Param() { creatorId, postId }: KnowledgePostParams,
    @Body() { excluded }: PostExclusionBody,
  ): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsPostExclusionSet, { actor, creatorId, postId, excluded });
  }

  @Post('reindex')
  @HttpCode(200)
  @ApiOkResponse({ type: KnowledgeResponse })
  reindex(@CurrentActor() actor: Actor, @Param() { creatorId }: CreatorIdParams): Promise<KnowledgeResponse> {
    return this.client.request(Subjects.CreatorsKnowledgeReindex, { actor, creatorId });
  }
}
