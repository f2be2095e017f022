import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { FinishOAuthSignIn } from './finish-oauth-sign-in.use-case';
import { OAuthEndSession } from './oauth-end-session.use-case';
import { StartOAuthSignIn } from './start-oauth-sign-in.use-case';

@Controller()
export class OAuthController {
  constructor(
    private readonly startSignIn: StartOAuthSignIn,
    private readonly finishSignIn: FinishOAuthSignIn,
    private readonly endSession: OAuthEndSession,
  ) {}

  @MessagePattern(Subjects.IdentityOAuthStart)
  start(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityOAuthStart>,
  ): Promise<ReplyOf<typeof Subjects.IdentityOAuthStart>> {
    return this.startSignIn.execute(request);
  }

  @MessagePattern(Subjects.IdentityOAuthCallback)
  callback(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityOAuthCallback>,
  ): Promise<ReplyOf<typeof Subjects.IdentityOAuthCallback>> {
    return this.finishSignIn.execute(request);
  }

  @MessagePattern(Subjects.IdentityOAuthEndSession)
  async endSessionUrl(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityOAuthEndSession>,
  ): Promise<ReplyOf<typeof Subjects.IdentityOAuthEndSession>> {
    return this.endSession.execute(request.refreshToken, request.postLogoutRedirectUrl);
  }
}
