import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { AuthFlowHttp } from './auth-flow.http';
import { CurrentActor, Public } from './auth.guard';
import {
  PasskeyAuthenticateOptionsResponse,
  PasskeyAuthenticateVerifyBody,
  PasskeyDeleteResponse,
  PasskeyIdParams,
  PasskeyListResponse,
  PasskeyOptionsBody,
  PasskeyRegisterOptionsResponse,
  PasskeyRegisterVerifyBody,
  PasskeyRegisterVerifyResponse,
  PasskeySignInResponse,
} from './dto/passkeys.dto';
import { loopbackOrigin } from './request-origin';

/**
 * Passkeys (WebAuthn; docs/architecture.md, "Passkeys"): a signed-in account registers one, and
 * anyone signs in with one — the session is issued as for a password sign-in, refresh token in
 * the cookie. Options come from identity and are single-use and short-lived.
 */
@ApiTags('auth')
@Controller('api/auth/passkeys')
export class PasskeysController {
  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
  ) {}

  /** Options for navigator.credentials.create(), for the signed-in account (guests: 403). */
  @ApiBearerAuth()
  @Post('registration/options')
  @HttpCode(200)
  @ApiOkResponse({ type: PasskeyRegisterOptionsResponse })
  registrationOptions(
    @CurrentActor() actor: Actor,
    @Body() _body: PasskeyOptionsBody,
    @Req() request: Request,
  ): Promise<PasskeyRegisterOptionsResponse> {
    return this.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor,
      ...this.relyingParty(request),
    });
  }

  /** Verifies the new credential against those options and stores it as the account's passkey. */
  @ApiBearerAuth()
  @Post('registration/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: PasskeyRegisterVerifyResponse })
  registrationVerify(
    @CurrentActor() actor: Actor,
    @Body() body: PasskeyRegisterVerifyBody,
    @Req() request: Request,
  ): Promise<PasskeyRegisterVerifyResponse> {
    return this.client.request(Subjects.IdentityPasskeyRegisterVerify, {
      actor,
      ...this.relyingParty(request),
      ...body,
    });
  }

  /** Options for navigator.credentials.get(): any passkey of this site (discoverable credentials). */
  @Public()
  @Post('authentication/options')
  @HttpCode(200)
  @ApiOkResponse({ type: PasskeyAuthenticateOptionsResponse })
  authenticationOptions(
    @Body() _body: PasskeyOptionsBody,
    @Req() request: Request,
  ): Promise<PasskeyAuthenticateOptionsResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityPasskeyAuthenticateOptions, {
      client: this.http.client(request),
      ...this.relyingParty(request),
    });
  }

  /**
   * Verifies the assertion and signs in: answers `done` (or `verifyUser`) with the access and id
   * tokens, and sets the refresh cookie. A guest's bearer token moves the guest's chats over.
   */
  @Public()
  @ApiBearerAuth()
  @Post('authentication/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: PasskeySignInResponse })
  async authenticationVerify(
    @Body() body: PasskeyAuthenticateVerifyBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PasskeySignInResponse> {
    this.http.checkOrigin(request);
    const guestUserId = await this.http.guestUserId(request);
    const reply = await this.client.request(Subjects.IdentityPasskeyAuthenticateVerify, {
      client: this.http.client(request),
      ...(guestUserId ? { guestUserId } : {}),
      ...this.relyingParty(request),
      ...body,
    });
    return this.http.respond(request, response, reply);
  }

  /** The signed-in account's passkeys, newest first. */
  @ApiBearerAuth()
  @Get()
  @ApiOkResponse({ type: PasskeyListResponse })
  list(@CurrentActor() actor: Actor): Promise<PasskeyListResponse> {
    return this.client.request(Subjects.IdentityPasskeyList, { actor });
  }

  /** Deletes one of the account's own passkeys (another account's answers 404). */
  @ApiBearerAuth()
  @Delete(':id')
  @ApiOkResponse({ type: PasskeyDeleteResponse })
  remove(@CurrentActor() actor: Actor, @Param() { id }: PasskeyIdParams): Promise<PasskeyDeleteResponse> {
    return this.client.request(Subjects.IdentityPasskeyDelete, { actor, passkeyId: id });
  }

  private relyingParty(request: Request): { loopbackOrigin?: string } {
    const origin = loopbackOrigin(request);
    return origin ? { loopbackOrigin: origin } : {};
  }
}
