import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type AgeBand, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import { bearerTokenOf, Public } from '../auth/auth.guard';
import { JwtVerifier } from '../auth/jwt-verifier';
import { DiscoverQuery, DiscoverResponse } from './discover.dto';

/**
 * `/discover`: creators fans can open, searched by name, handle or topic (docs/creators.md,
 * "Discover"). Public like the creator profiles it links to; a caller's valid access token tells
 * their age band, so a fan finds only creators whose audience minimum they meet. Without a token
 * (or with one that does not verify) the caller counts as of unknown age: 13+ creators only.
 */
@ApiTags('creators')
@Public()
@Controller('api/discover')
export class DiscoverController {
  constructor(
    private readonly client: ServiceClient,
    private readonly verifier: JwtVerifier,
  ) {}

  @Get('creators')
  @ApiOkResponse({ type: DiscoverResponse })
  async creators(
    @Query() { q, page, pageSize }: DiscoverQuery,
    @Req() request: Request,
  ): Promise<DiscoverResponse> {
    // Read from the request, not @Headers(): the document keeps the route public, token optional.
    const viewerAgeBand = await this.ageBandOf(request.headers.authorization);
    return this.client.request(Subjects.CreatorsDiscover, {
      ...(q === undefined ? {} : { q }),
      ...(page === undefined ? {} : { page: Number(page) }),
      ...(pageSize === undefined ? {} : { pageSize: Number(pageSize) }),
      ...(viewerAgeBand === undefined ? {} : { viewerAgeBand }),
    });
  }

  private async ageBandOf(authorization: string | undefined): Promise<AgeBand | undefined> {
    const token = bearerTokenOf(authorization);
    if (!token) return undefined;
    return this.verifier.verify(token).then(
      (actor) => actor.ageBand,
      () => undefined,
    );
  }
}
