import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { ErrorCode, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { GatewayConfig } from '../gateway.config';
import { clientOrigin } from '../security/client-origin';
import { Public } from './auth.guard';
import { OutboxQuery, OutboxResponse } from './dto/auth.dto';

/**
 * The development outbox: emails identity would have sent, when no SMTP_URL
 * is set (standalone's default), and texts, when no SMS_PROVIDER is, newest
 * first, for the developer page. They hold sign-up, reset and SMS codes, so only a client on this machine (a loopback
 * address, spec §2 "/dev/* routed only on localhost") outside production
 * reads them; everyone else gets 404 as for any unknown route.
 */
@ApiTags('dev')
@Public()
@Controller('api/dev')
export class DevOutboxController {
  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  @Get('outbox')
  @ApiOkResponse({ type: OutboxResponse })
  outbox(@Query() query: OutboxQuery, @Req() request: Request): Promise<OutboxResponse> {
    if (this.config.NODE_ENV === 'production' || !isLoopback(clientOrigin(request).ip)) {
      throw new ServiceError(ErrorCode.NotFound);
    }
    return this.client.request(Subjects.IdentityOutboxList, query.limit ? { limit: query.limit } : {});
  }
}

function isLoopback(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'loopback';
}
