import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PUBLIC_ROUTE, ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode } from '@backtalk/proto';
import type { Request } from 'express';
import { JwtVerifier } from './jwt-verifier';
import { SessionLiveness } from './session-liveness';

export { Public } from '@backtalk/kit';

type AuthenticatedRequest = Request & { actor?: Actor };

/** Every API route needs a valid access token, of a session not signed out, unless marked @Public(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly sessions: SessionLiveness,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerTokenOf(request.headers.authorization);
    if (!token) throw new ServiceError(ErrorCode.Unauthorized, 'Sign in, or continue as a guest, to do this');
    const actor = await this.verifier.verify(token);
    await this.sessions.assertLive(actor);
    request.actor = actor;
    return true;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if the header is one. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}

/** The verified caller of an authenticated route. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<AuthenticatedRequest>().actor;
  if (!actor) throw new ServiceError(ErrorCode.Unauthorized, 'Not signed in');
  return actor;
});
