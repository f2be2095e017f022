import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { flagEnvironmentOf, Public } from '@backtalk/kit';
import type { Request } from 'express';
import { GatewayConfig } from '../gateway.config';
import { EnvironmentResponse } from './environment.dto';
import { isDevelopmentHost, servesDeveloperPages } from './developer-hosts';

/**
 * Which environment this page is in (spec §9) and whether it gets the developer pages. A
 * production deployment is production on every host; a development one is development on the
 * hosts §9 names. The services enforce the same rule for what they own (feature flags).
 */
@ApiTags('environment')
@Public()
@Controller('api/environment')
export class EnvironmentController {
  constructor(private readonly config: GatewayConfig) {}

  @Get()
  @ApiOkResponse({ type: EnvironmentResponse })
  get(@Req() request: Request): EnvironmentResponse {
    const host = request.hostname;
    const development = flagEnvironmentOf(this.config) === 'development' && isDevelopmentHost(host);
    return {
      environment: development ? 'development' : 'production',
      developerPages: servesDeveloperPages(host, this.config.DEVELOPER_PAGE_HOSTS),
    };
  }
}
