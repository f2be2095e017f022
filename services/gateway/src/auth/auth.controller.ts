import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { type Actor, CSRF_HEADER, ErrorCode, Subjects } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { AuthFlowHttp } from './auth-flow.http';
import { CurrentActor, Public } from './auth.guard';
import {
  AgeSetBody,
  AgeSetResponse,
  AuthProvidersResponse,
  GuestCreateBody,
  GuestCreateResponse,
  CookieOnlyBody,
  RefreshResponse,
  SessionIdParams,
  SessionListResponse,
  SessionResponse,
  SessionRevokeAllResponse,
  SessionRevokeResponse,
} from './dto/auth.dto';
import { SignOutResponse } from './dto/oauth.dto';
import { loopbackOrigin, publicOrigin } from './request-origin';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { SessionLiveness } from './session-liveness';
import { GatewayConfig } from '../gateway.config';

const csrfHeader = {
  name: CSRF_HEADER,
  required: false,
  description: 'Required (value `1`) when the refresh token comes from the `bt_refresh` cookie.',
};

/** Guests, tokens and the user's sessions. Sign-up and sign-in are in SignInController. */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
    private readonly liveness: SessionLiveness,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * Spec §4 Guest creation: anonymous credentials, then tokens (GUEST_CREATIONS_PER_MINUTE per IP).
   * The refresh token is set as the `bt_refresh` cookie, and is not in the body.
   */
  @Public()
  @Post('guest')
  // No body at all is the same as `{}`: the default creator.
  @ApiBody({ type: GuestCreateBody, required: false })
  @ApiCreatedResponse({ type: GuestCreateResponse })
  async createGuest(
    @Body() body: GuestCreateBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GuestCreateResponse> {
    this.http.checkOrigin(request);
    const client = this.http.client(request);
    const reply = await this.client.request(Subjects.IdentityGuestCreate, {
      creatorId: body.creatorId,
      ipAddress: client.ip,
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
    });
    const { refreshToken, refreshExpiresIn, ...tokens } = reply.tokens;
    setRefreshCookie(request, response, refreshToken, refreshExpiresIn);
    return { userId: reply.userId, tokens };
  }

  /**
   * Rotates the refresh token of the `bt_refresh` cookie (with the CSRF header) and answers new
   * access and id tokens; the successor goes into the cookie. A reused token revokes its whole
   * session (401 TOKEN_REUSED) and clears the cookie; two tabs refreshing with the same cookie at
   * once both succeed (see docs/security.md, "Sessions").
   */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiHeader(csrfHeader)
  // The cookie is the request; no body.
  @ApiBody({ type: CookieOnlyBody, required: false })
  @ApiOkResponse({ type: RefreshResponse })
  async refresh(
    @Body() _body: CookieOnlyBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RefreshResponse> {
    const refreshToken = this.cookieToken(request);
    const { tokens } = await this.client
      .request(Subjects.IdentityTokenRefresh, { refreshToken, client: this.http.client(request) })
      .catch((error: unknown) => {
        clearRefreshCookie(request, response);
        throw error;
      });
    const { refreshToken: successor, refreshExpiresIn, ...session } = tokens;
    if (successor && refreshExpiresIn) setRefreshCookie(request, response, successor, refreshExpiresIn);
    return { tokens: session };
  }

  /**
   * Spec §4 Sign-out: revokes the session's refresh tokens and clears the cookie (also when there
   * is none). For a session signed in through a provider with an end-session endpoint (OpenID
   * RP-initiated logout), `endSessionUrl` is where the browser goes next to sign out there too.
   */
  @Public()
  @Post('sign-out')
  @HttpCode(200)
  @ApiHeader(csrfHeader)
  @ApiBody({ type: CookieOnlyBody, required: false })
  @ApiOkResponse({ type: SignOutResponse })
  async signOut(
    @Body() _body: CookieOnlyBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignOutResponse> {
    const refreshToken = this.cookieToken(request, false);
    clearRefreshCookie(request, response);
    if (!refreshToken) return { endSessionUrl: null };
    const origin = publicOrigin(request, this.config.PUBLIC_URL);
    const provider: SignOutResponse = origin
      ? await this.client.request(Subjects.IdentityOAuthEndSession, {
          refreshToken,
          postLogoutRedirectUrl: `${origin}/`,
        })
      : { endSessionUrl: null };
    const ended = await this.client.request(Subjects.IdentityTokenRevoke, { refreshToken });
    if (ended.userId && ended.sessionId) this.liveness.forget({ userId: ended.userId }, ended.sessionId);
    return provider;
  }

  @ApiBearerAuth()
  @Get('session')
  @ApiOkResponse({ type: SessionResponse })
  session(@CurrentActor() actor: Actor): Promise<SessionResponse> {
    return this.client.request(Subjects.IdentitySessionGet, { actor });
  }

  /**
   * The user's age, asked once before the first message (docs/safety.md, "Age"): an account's
   * `birthdate`, a guest's `ageBand`. Answers tokens that carry the band; under 13 is refused
   * (403 AGE_UNDER_13) and nothing is kept — a guest is deleted.
   */
  @ApiBearerAuth()
  @Put('age')
  @ApiOkResponse({ type: AgeSetResponse })
  setAge(
    @CurrentActor() actor: Actor,
    @Body() body: AgeSetBody,
    @Req() request: Request,
  ): Promise<AgeSetResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityAgeSet, { actor, answer: body });
  }

  /** The user's active sessions, newest use first; `current` marks the one of this access token. */
  @ApiBearerAuth()
  @Get('sessions')
  @ApiOkResponse({ type: SessionListResponse })
  sessions(@CurrentActor() actor: Actor): Promise<SessionListResponse> {
    return this.client.request(Subjects.IdentitySessionList, { actor });
  }

  /** 'Sign out everywhere': revokes every session of the user, this one included, and clears the cookie. */
  @ApiBearerAuth()
  @Delete('sessions')
  @ApiOkResponse({ type: SessionRevokeAllResponse })
  async signOutEverywhere(
    @CurrentActor() actor: Actor,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionRevokeAllResponse> {
    this.http.checkOrigin(request);
    const reply = await this.client.request(Subjects.IdentitySessionRevokeAll, { actor });
    this.liveness.forget(actor);
    clearRefreshCookie(request, response);
    return reply;
  }

  /** Signs out one of the user's own sessions (another user's session id answers 404). */
  @ApiBearerAuth()
  @Delete('sessions/:id')
  @ApiOkResponse({ type: SessionRevokeResponse })
  async signOutSession(
    @CurrentActor() actor: Actor,
    @Param() { id }: SessionIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SessionRevokeResponse> {
    this.http.checkOrigin(request);
    const reply = await this.client.request(Subjects.IdentitySessionRevoke, { actor, sessionId: id });
    this.liveness.forget(actor, id);
    if (id === actor.sessionId) clearRefreshCookie(request, response);
    return reply;
  }

  /** Which sign-in options to show: OAuth providers, passkeys and SMS each only when configured. */
  @Public()
  @Get('providers')
  @ApiOkResponse({ type: AuthProvidersResponse })
  providers(@Req() request: Request): Promise<AuthProvidersResponse> {
    const origin = loopbackOrigin(request);
    return this.client.request(Subjects.IdentityProvidersGet, origin ? { loopbackOrigin: origin } : {});
  }

  private cookieToken(request: Request): string;
  private cookieToken(request: Request, required: false): string | undefined;
  private cookieToken(request: Request, required = true): string | undefined {
    this.http.checkOrigin(request, true);
    const token = readRefreshCookie(request);
    if (!token && required)
      throw new ServiceError(ErrorCode.TokenInvalid, 'There is no session to refresh; sign in again.');
    return token;
  }
}
