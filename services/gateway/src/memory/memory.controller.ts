import { Body, Controller, Delete, Get, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor } from '../auth/auth.guard';
import {
  MemoryDeleteResponse,
  MemoryForgetResponse,
  MemoryIdParams,
  MemoryListQuery,
  MemoryListResponse,
  MemoryResponse,
  MemorySettingsBody,
  MemorySettingsResponse,
  MemoryUpdateBody,
} from './memory.dto';

/**
 * What personas remember about the caller (issue 24 item 2): chat-inference owns the memories and
 * answers only the caller's own (another fan's memory id is 404).
 */
@ApiTags('memory')
@ApiBearerAuth()
@Controller('api/memories')
export class MemoryController {
  constructor(private readonly client: ServiceClient) {}

  /** The caller's memories (of one creator with `creatorId`, else all), newest first, and whether memory is on. */
  @Get()
  @ApiOkResponse({ type: MemoryListResponse })
  list(@CurrentActor() actor: Actor, @Query() query: MemoryListQuery): Promise<MemoryListResponse> {
    return this.client.request(Subjects.ChatMemoryList, { actor, ...query });
  }

  /** Turns memory on or off for the caller (off by default under 18). */
  @Put('settings')
  @ApiOkResponse({ type: MemorySettingsResponse })
  settings(
    @CurrentActor() actor: Actor,
    @Body() { enabled }: MemorySettingsBody,
  ): Promise<MemorySettingsResponse> {
    return this.client.request(Subjects.ChatMemorySettingsSet, { actor, enabled });
  }

  /** Corrects one remembered fact. */
  @Patch(':memoryId')
  @ApiOkResponse({ type: MemoryResponse })
  update(
    @CurrentActor() actor: Actor,
    @Param() { memoryId }: MemoryIdParams,
    @Body() { text }: MemoryUpdateBody,
  ): Promise<MemoryResponse> {
    return this.client.request(Subjects.ChatMemoryUpdate, { actor, memoryId, text });
  }

  /** Forgets one remembered fact. */
  @Delete(':memoryId')
  @ApiOkResponse({ type: MemoryDeleteResponse })
  delete(@CurrentActor() actor: Actor, @Param() { memoryId }: MemoryIdParams): Promise<MemoryDeleteResponse> {
    return this.client.request(Subjects.ChatMemoryDelete, { actor, memoryId });
  }

  /** "Forget everything": every fact of one creator with `creatorId`, else of all. */
  @Delete()
  @ApiOkResponse({ type: MemoryForgetResponse })
  forget(@CurrentActor() actor: Actor, @Query() query: MemoryListQuery): Promise<MemoryForgetResponse> {
    return this.client.request(Subjects.ChatMemoryForget, { actor, ...query });
  }
}
