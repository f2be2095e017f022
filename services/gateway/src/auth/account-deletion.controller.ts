import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { AuthFlowHttp } from './auth-flow.http';
import { CurrentActor } from './auth.guard';
import { AccountDeleteBody, AccountDeleteResponse } from './dto/account-deletion.dto';
import { clearRefreshCookie } from './refresh-cookie';

/**
 * A signed-in user deletes their own account (docs/retention.md). The account is the
 * token's: there is no id to name another's. Identity ends every session; the refresh
 * cookie is cleared here, so the browser is signed out.
 */
@ApiTags('auth')
@Controller('api/auth')
export class AccountDeletionController {
  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
  ) {}

  /**
   * `confirm` must be "DELETE"; an account with a password gives it (a wrong one counts as a
   * failed sign-in: 401 AUTH_INVALID_CREDENTIALS). A guest gets 403.
   */
  @ApiBearerAuth()
  @Post('account/delete')
  @HttpCode(200)
  @ApiOkResponse({ type: AccountDeleteResponse })
  async deleteAccount(
    @CurrentActor() actor: Actor,
    @Body() body: AccountDeleteBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AccountDeleteResponse> {
    this.http.checkOrigin(request);
    const reply = await this.client.request(Subjects.IdentityAccountDelete, {
      actor,
      client: this.http.client(request),
      ...body,
    });
    clearRefreshCookie(request, response);
    return reply;
  }
}
