import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { Public } from '../auth/auth.guard';
import {
  CreatorIdParams,
  CreatorListQuery,
  CreatorListResponse,
  CreatorResponse,
  HandleParams,
  PostListResponse,
} from './creators.dto';

/**
 * Creator profiles and posts are public: a shared /@handle link must work
 * before the visitor has a session (spec §6 lets every signed-in user read
 * them; a guest session is created on arrival anyway).
 */
@ApiTags('creators')
@Public()
@Controller('api/creators')
export class CreatorsController {
  constructor(private readonly client: ServiceClient) {}

  @Get()
  @ApiOkResponse({ type: CreatorListResponse })
  list(@Query() query: CreatorListQuery): Promise<CreatorListResponse> {
    return this.client.request(
      Subjects.CreatorsCreatorList,
      query.demoAccount === undefined ? {} : { demoAccount: query.demoAccount === 'true' },
    );
  }

  /** The landing page's 'Try Backtalk now!' creator. */
  @Get('featured')
  @ApiOkResponse({ type: CreatorResponse })
  featured(): Promise<CreatorResponse> {
    return this.client.request(Subjects.CreatorsCreatorFeatured, {});
  }

  /** Spec §2 /@{username}: matched case-insensitively against tiktokURL's last segment. */
  @Get('by-handle/:handle')
  @ApiOkResponse({ type: CreatorResponse })
  byHandle(@Param() { handle }: HandleParams): Promise<CreatorResponse> {
    return this.client.request(Subjects.CreatorsCreatorFindByHandle, { handle: handle.replace(/^@+/, '') });
  }

  @Get(':id')
  @ApiOkResponse({ type: CreatorResponse })
  get(@Param() { id }: CreatorIdParams): Promise<CreatorResponse> {
    return this.client.request(Subjects.CreatorsCreatorGet, { id });
  }

  /** Newest first; transcripts stay inside the platform. */
  @Get(':id/posts')
  @ApiOkResponse({ type: PostListResponse })
  async posts(@Param() { id }: CreatorIdParams): Promise<PostListResponse> {
    const { posts } = await this.client.request(Subjects.CreatorsPostList, { creatorId: id });
    return { posts: posts.map(({ transcript: _transcript, ...post }) => post) };
  }
}
