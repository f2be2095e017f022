import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import { CurrentActor, Public } from './auth.guard';
import {
  GuestCreateBody,
  GuestCreateResponse,
  RefreshBody,
  RefreshResponse,
  SessionResponse,
} from './dto/auth.dto';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly client: ServiceClient) {}

  /** Spec §4 Guest creation: anonymous credentials, then tokens (GUEST_CREATIONS_PER_MINUTE per IP). */
  @Public()
  @Post('guest')
  // No body at all is the same as `{}`: the default creator.
  @ApiBody({ type: GuestCreateBody, required: false })
  @ApiCreatedResponse({ type: GuestCreateResponse })
  createGuest(@Body() body: GuestCreateBody, @Req() request: Request): Promise<GuestCreateResponse> {
    return this.client.request(Subjects.IdentityGuestCreate, {
      creatorId: body.creatorId,
      ipAddress: request.ip?.slice(0, 64),
      userAgent: request.headers['user-agent']?.slice(0, 512),
    });
  }

  /** Rotates the refresh token; a reused one revokes its whole family (401). */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: RefreshResponse })
  refresh(@Body() body: RefreshBody): Promise<RefreshResponse> {
    return this.client.request(Subjects.IdentityTokenRefresh, { refreshToken: body.refreshToken });
  }

  /** Spec §4 Sign-out: revokes the refresh token. */
  @Public()
  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Body() body: RefreshBody): Promise<void> {
    await this.client.request(Subjects.IdentityTokenRevoke, { refreshToken: body.refreshToken });
  }

  @ApiBearerAuth()
  @Get('session')
  @ApiOkResponse({ type: SessionResponse })
  session(@CurrentActor() actor: Actor): Promise<SessionResponse> {
    return this.client.request(Subjects.IdentitySessionGet, { actor });
  }
}
