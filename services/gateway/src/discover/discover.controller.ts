import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { Public } from '../auth/auth.guard';
import { DiscoverQuery, DiscoverResponse } from './discover.dto';

/**
 * `/discover`: creators fans can open, searched by name, handle or topic (docs/creators.md,
 * "Discover"). Public like the creator profiles it links to.
 */
@ApiTags('creators')
@Public()
@Controller('api/discover')
export class DiscoverController {
  constructor(private readonly client: ServiceClient) {}

  @Get('creators')
  @ApiOkResponse({ type: DiscoverResponse })
  creators(@Query() { q, page, pageSize }: DiscoverQuery): Promise<DiscoverResponse> {
    return this.client.request(Subjects.CreatorsDiscover, {
      ...(q === undefined ? {} : { q }),
      ...(page === undefined ? {} : { page: Number(page) }),
      ...(pageSize === undefined ? {} : { pageSize: Number(pageSize) }),
    });
  }
}
