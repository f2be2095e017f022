import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
  PersonaDraftResponse,
  PersonaDraftSaveBody,
  PreviewAskBody,
  PreviewAskResponse,
} from './creator-preview.dto';

/** A preview answer waits for a whole reply of the model (chat-inference gives up at 45 s). */
const PREVIEW_TIMEOUT_MS = 50_000;

/**
 * Drafts, preview and publish (docs/creators.md): the caller's own creator only — no route names
 * a creator. creators owns the draft; chat-inference answers the preview (nothing stored or
 * counted) after asking creators for the caller's draft.
 */
@ApiTags('creator')
@ApiBearerAuth()
@Controller('api/creator')
export class CreatorPreviewController {
  constructor(private readonly client: ServiceClient) {}

  /** The published persona definition, the draft, and which parts the draft changes. */
  @Get('draft')
  @ApiOkResponse({ type: PersonaDraftResponse })
  draft(@CurrentActor() actor: Actor): Promise<PersonaDraftResponse> {
    return this.client.request(Subjects.CreatorsDraftGet, { actor });
  }

  /** Saves prompt and/or boundary changes as the draft; fans keep the published persona. */
  @Put('draft')
  @ApiOkResponse({ type: PersonaDraftResponse })
  saveDraft(@CurrentActor() actor: Actor, @Body() body: PersonaDraftSaveBody): Promise<PersonaDraftResponse> {
    return this.client.request(Subjects.CreatorsDraftSave, { actor, ...body });
  }

  /** Fans get the draft from the next reply on (the prompt becomes a new saved version). */
  @Post('draft/publish')
  @HttpCode(200)
  @ApiOkResponse({ type: PersonaDraftResponse })
  publish(@CurrentActor() actor: Actor): Promise<PersonaDraftResponse> {
    return this.client.request(Subjects.CreatorsDraftPublish, { actor });
  }

  /** Drops the draft. */
  @Delete('draft')
  @ApiOkResponse({ type: PersonaDraftResponse })
  discard(@CurrentActor() actor: Actor): Promise<PersonaDraftResponse> {
    return this.client.request(Subjects.CreatorsDraftDiscard, { actor });
  }

  /** What the draft or the published persona answers; nothing stored, counted or shown to fans. */
  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({ type: PreviewAskResponse })
  ask(@CurrentActor() actor: Actor, @Body() body: PreviewAskBody): Promise<PreviewAskResponse> {
    return this.client.request(Subjects.ChatPersonaPreviewAsk, { actor, ...body }, PREVIEW_TIMEOUT_MS);
  }
}
