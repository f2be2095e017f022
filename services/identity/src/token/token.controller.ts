import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { RefreshTokens } from './refresh-tokens.use-case';
import { TokenService } from './token.service';

@Controller()
export class TokenController {
  constructor(
    private readonly refreshTokens: RefreshTokens,
    private readonly tokens: TokenService,
  ) {}

  @MessagePattern(Subjects.IdentityTokenRefresh)
  async refresh(
    @Payload() { refreshToken, client }: ParsedRequestOf<typeof Subjects.IdentityTokenRefresh>,
  ): Promise<ReplyOf<typeof Subjects.IdentityTokenRefresh>> {
    return { tokens: await this.refreshTokens.execute(refreshToken, client) };
  }

  @MessagePattern(Subjects.IdentityTokenRevoke)
  async revoke(
    @Payload() { refreshToken }: ParsedRequestOf<typeof Subjects.IdentityTokenRevoke>,
  ): Promise<ReplyOf<typeof Subjects.IdentityTokenRevoke>> {
    return { revoked: await this.tokens.revoke(refreshToken) };
  }
}
