import { Injectable } from '@nestjs/common';
import type { AuthClient, AuthFlowReply } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../gateway.config';
import { clientOrigin } from '../security/client-origin';
import type { AuthFlowResponse } from './dto/auth.dto';
import { JwtVerifier } from './jwt-verifier';
import { assertSameOriginApp, setRefreshCookie } from './refresh-cookie';

/**
 * What the auth routes share: the client as the gateway saw it, the guest
 * behind an optional bearer token, the CSRF rule, and turning identity's
 * answer into the HTTP one (refresh token into the cookie, out of the body).
 */
@Injectable()
export class AuthFlowHttp {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly config: GatewayConfig,
  ) {}

  client(request: Request): AuthClient {
    const userAgent = request.headers['user-agent']?.slice(0, 512);
    return { ip: clientOrigin(request).ip, ...(userAgent ? { userAgent } : {}) };
  }

  /**
   * Routes that set the cookie or act on it refuse other origins; those the
   * cookie alone authenticates (refresh, sign-out) also need the CSRF header.
   */
  checkOrigin(request: Request, requireCsrfHeader = false): void {
    assertSameOriginApp(request, this.config.PUBLIC_URL, requireCsrfHeader);
  }

  /**
   * The guest whose access token came with a sign-up or sign-in, so its chats
   * move to the account. No bearer: no guest. A bearer that does not verify
   * answers 401 UNAUTHORIZED (refresh it and retry) rather than silently
   * losing the chats; a signed-in account's token carries nothing over.
   */
  async guestUserId(request: Request): Promise<string | undefined> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return undefined;
    const actor = await this.verifier.verify(match[1]);
    return actor.userType === 'guest' ? actor.userId : undefined;
  }

  /** identity's answer as the browser gets it: the refresh token in the cookie only. */
  respond(request: Request, response: Response, reply: AuthFlowReply): AuthFlowResponse {
    const { session, ...rest } = reply;
    if (!session) return rest;
    setRefreshCookie(request, response, session.refreshToken, session.refreshExpiresIn);
    return {
      ...rest,
      session: { accessToken: session.accessToken, idToken: session.idToken, expiresIn: session.expiresIn },
    };
  }
}
