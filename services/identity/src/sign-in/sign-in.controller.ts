import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PasswordPolicy } from '../account/password-policy';
import { RelyingParty } from '../passkey/relying-party';
import { OAuthProviders } from '../oauth/oauth-providers';
import { RespondToChallenge } from './respond-to-challenge.use-case';
import { StartSignIn } from './start-sign-in.use-case';

@Controller()
export class SignInController {
  constructor(
    private readonly startSignIn: StartSignIn,
    private readonly respondToChallenge: RespondToChallenge,
    private readonly policy: PasswordPolicy,
    private readonly relyingParty: RelyingParty,
    private readonly oauthProviders: OAuthProviders,
  ) {}

  @MessagePattern(Subjects.IdentitySignInStart)
  start(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentitySignInStart>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySignInStart>> {
    return this.startSignIn.execute(request);
  }

  @MessagePattern(Subjects.IdentitySignInRespond)
  respond(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentitySignInRespond>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySignInRespond>> {
    return this.respondToChallenge.execute(request);
  }

  /**
   * Which options the sign-in screen shows: each OAuth provider whose configuration is complete. Passkeys:
   * where the relying party is known for the address the request came to. SMS: always — a
   * provider (SMS_PROVIDER) or the development outbox sends the codes.
   */
  @MessagePattern(Subjects.IdentityProvidersGet)
  providers(
    @Payload() { loopbackOrigin }: ParsedRequestOf<typeof Subjects.IdentityProvidersGet>,
  ): ReplyOf<typeof Subjects.IdentityProvidersGet> {
    return {
      oauth: this.oauthProviders.configured(),
      passkeys: this.relyingParty.at(loopbackOrigin) !== null,
      sms: true,
      passwordMinLength: this.policy.minLength,
    };
  }
}
