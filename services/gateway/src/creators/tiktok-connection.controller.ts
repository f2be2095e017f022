import { Controller, Delete, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient, ServiceError, ValidationError } from '@backtalk/kit';
import { type Actor, ErrorCode, Subjects, tikTokCallbackParamsSchema } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { CurrentActor, Public } from '../auth/auth.guard';
import { publicOrigin } from '../auth/request-origin';
import { GatewayConfig } from '../gateway.config';
import {
  TikTokCallbackQuery,
  TikTokConnectResponse,
  TikTokConnectionDeleteResponse,
  TikTokConnectionResponse,
} from './creator-onboarding.dto';

const CALLBACK_PATH = '/api/creator/tiktok/callback';
const BINDING_COOKIE = 'bt_tiktok';
const BINDING_VALUE = /^[A-Za-z0-9_-]{43}$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/** The parameters ingestion reads from TikTok's redirect; TikTok's others are dropped. */
const CALLBACK_PARAMS = ['code', 'state', 'scopes', 'error', 'error_description'] as const;

/**
 * A creator connects their TikTok account (the TikTok API content provider, Login Kit for Web).
 * The web app keeps its access token in memory, so a navigation cannot carry it: the start is
 * a POST that answers TikTok's authorize URL (and sets a binding cookie scoped to the callback),
 * and the browser goes there. TikTok sends the browser back to the callback, which needs no
 * token: the state (bound to the user who started, used once, 10 minutes) and the binding
 * cookie (the browser that started) say whose connection it is.
 */
@ApiTags('creator')
@Controller('api/creator/tiktok')
export class TikTokConnectionController {
  private readonly logger = new Logger(TikTokConnectionController.name);

  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  /** TikTok's authorize URL to send the browser to; 404 TIKTOK_NOT_CONFIGURED when TikTok is not set up. */
  @Post('connect')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: TikTokConnectResponse })
  async connect(
    @CurrentActor() actor: Actor,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TikTokConnectResponse> {
    const reply = await this.client.request(Subjects.IngestionTikTokConnectStart, {
      actor,
      redirectUri: this.redirectUri(request),
    });
    response.cookie(BINDING_COOKIE, reply.binding, {
      ...cookieOptions(request),
      maxAge: reply.expiresIn * 1000,
    });
    return { authorizationUrl: reply.authorizationUrl };
  }

  /**
   * TikTok's redirect back. A missing, unknown or expired state (or another browser's) is
   * 400 TIKTOK_STATE_INVALID and stores nothing; otherwise the browser goes to
   * `/creator/verify?tiktok=connected`, or `?tiktok=error&reason=denied|unavailable`.
   */
  @Public()
  @Get('callback')
  @ApiFoundResponse({
    description: 'Redirect to /creator/verify?tiktok=connected (or tiktok=error&reason=…)',
  })
  async callback(
    @Query() query: TikTokCallbackQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const picked: Record<string, string> = {};
    for (const name of CALLBACK_PARAMS) if (query[name] !== undefined) picked[name] = query[name];
    const params = tikTokCallbackParamsSchema.safeParse(picked);
    if (!params.success)
      throw new ValidationError('This is not a TikTok authorization response: its parameters are too long.');
    const binding = readBindingCookie(request);
    const reply = await this.client.request(Subjects.IngestionTikTokConnectFinish, {
      params: params.data,
      ...(binding ? { binding } : {}),
      redirectUri: this.redirectUri(request),
    });
    response.clearCookie(BINDING_COOKIE, cookieOptions(request));
    const next = new URLSearchParams(
      reply.outcome === 'connected' ? { tiktok: 'connected' } : { tiktok: 'error', reason: reply.reason },
    );
    response.redirect(302, `/creator/verify?${next.toString()}`);
  }

  /** The caller's own connection (the account's name and picture, never its tokens). */
  @Get('connection')
  @ApiBearerAuth()
  @ApiOkResponse({ type: TikTokConnectionResponse })
  connection(@CurrentActor() actor: Actor): Promise<TikTokConnectionResponse> {
    return this.client.request(Subjects.IngestionTikTokConnectionGet, { actor });
  }

  /** Disconnects the caller's TikTok account (the stored tokens are deleted). */
  @Delete('connection')
  @ApiBearerAuth()
  @ApiOkResponse({ type: TikTokConnectionDeleteResponse })
  disconnect(@CurrentActor() actor: Actor): Promise<TikTokConnectionDeleteResponse> {
    return this.client.request(Subjects.IngestionTikTokConnectionDelete, { actor });
  }

  /** `<public origin>/api/creator/tiktok/callback`, the redirect URI registered at TikTok. */
  private redirectUri(request: Request): string {
    const origin = publicOrigin(request, this.config.PUBLIC_URL);
    if (!origin) {
      this.logger.error(
        'Connecting TikTok needs PUBLIC_URL (the redirect URI registered at TikTok is built from it)',
      );
      throw new ServiceError(
        ErrorCode.TikTokNotConfigured,
        'Connecting TikTok needs the server address (PUBLIC_URL) to be set. Ask the operator of this site.',
      );
    }
    return `${origin}${CALLBACK_PATH}`;
  }
}

function cookieOptions(request: Request) {
  return {
    httpOnly: true,
    secure: request.secure || !LOCAL_HOSTS.has(request.hostname),
    // A top-level GET redirect from TikTok carries a Lax cookie.
    sameSite: 'lax' as const,
    path: CALLBACK_PATH,
  };
}

function readBindingCookie(request: Request): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== BINDING_COOKIE) continue;
    const value = rest.join('=');
    if (BINDING_VALUE.test(value)) return value;
  }
  return undefined;
}
