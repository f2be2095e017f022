import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import { CreatorIdParams } from '../reports/reports.dto';
import {
  BoundaryListResponse,
  BoundaryPreviewBody,
  BoundaryPreviewResponse,
  BoundarySetBody,
} from './creator-boundaries.dto';

/** The preview waits for a whole reply of the model (chat-inference gives up at 45 s). */
const PREVIEW_TIMEOUT_MS = 50_000;

/**
 * Topics a creator's persona must not discuss, and their preview (docs/safety.md, "Creator
 * boundaries"): creators owns the list, chat-inference answers the preview; each authorizes the
 * caller (the creator's own user only).
 */
@ApiTags('creators')
@ApiBearerAuth()
@Controller('api/creators')
export class CreatorBoundariesController {
  constructor(private readonly client: ServiceClient) {}

  /** The creator's boundaries, in their order. */
  @Get(':creatorId/boundaries')
  @ApiOkResponse({ type: BoundaryListResponse })
  list(@CurrentActor() actor: Actor, @Param() { creatorId }: CreatorIdParams): Promise<BoundaryListResponse> {
    return this.client.request(Subjects.CreatorsBoundariesGet, { actor, creatorId });
  }

  /** Replaces the whole list; the persona keeps to it from the next reply on. */
  @Put(':creatorId/boundaries')
  @ApiOkResponse({ type: BoundaryListResponse })
  set(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() { boundaries }: BoundarySetBody,
  ): Promise<BoundaryListResponse> {
    return this.client.request(Subjects.CreatorsBoundariesSet, { actor, creatorId, boundaries });
  }

  /** What the persona would answer a fan's question with the boundaries as edited; nothing stored or counted. */
  @Post(':creatorId/boundaries/preview')
  @HttpCode(200)
  @ApiOkResponse({ type: BoundaryPreviewResponse })
  preview(
    @CurrentActor() actor: Actor,
    @Param() { creatorId }: CreatorIdParams,
    @Body() { question, boundaries }: BoundaryPreviewBody,
  ): Promise<BoundaryPreviewResponse> {
    return this.client.request(
      Subjects.ChatBoundaryPreview,
      { actor, creatorId, question, boundaries },
      PREVIEW_TIMEOUT_MS,
    );
  }
}
