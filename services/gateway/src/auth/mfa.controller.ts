import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import { AuthFlowHttp } from './auth-flow.http';
import { CurrentActor } from './auth.guard';
import {
  MfaCodeDeliveryResponse,
  MfaDisableBody,
  MfaEmailCodeBody,
  MfaEmailConfirmBody,
  MfaEmailStartBody,
  MfaSettingsResponse,
  MfaSmsCodeBody,
  MfaSmsConfirmBody,
  MfaSmsStartBody,
  MfaTotpConfirmBody,
  MfaTotpStartBody,
  MfaTotpStartResponse,
} from './dto/mfa.dto';

/**
 * The signed-in account's second factors (docs/architecture.md, "MFA"). Turning one on proves
 * it with a first code; turning one off needs a fresh code of it. Wrong codes count against the
 * account and the address like wrong passwords. Guests are refused (403).
 */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('api/auth/mfa')
export class MfaController {
  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
  ) {}

  /** Which factors are on, which can be set up here, and where email codes go. */
  @Get()
  @ApiOkResponse({ type: MfaSettingsResponse })
  settings(@CurrentActor() actor: Actor): Promise<MfaSettingsResponse> {
    return this.client.request(Subjects.IdentityMfaGet, { actor });
  }

  /** Starts authenticator-app setup: answers the setupTotp step (secret and otpauth URI for the QR code). */
  @Post('totp')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaTotpStartResponse })
  startTotp(@CurrentActor() actor: Actor, @Body() _body: MfaTotpStartBody): Promise<MfaTotpStartResponse> {
    return this.client.request(Subjects.IdentityMfaTotpStart, { actor });
  }

  /** The first code from the app turns TOTP on. */
  @Post('totp/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaSettingsResponse })
  confirmTotp(
    @CurrentActor() actor: Actor,
    @Body() body: MfaTotpConfirmBody,
    @Req() request: Request,
  ): Promise<MfaSettingsResponse> {
    return this.client.request(Subjects.IdentityMfaTotpConfirm, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }

  /** Emails a code to the address MFA codes should go to (default: the account's email). */
  @Post('email')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaCodeDeliveryResponse })
  startEmail(
    @CurrentActor() actor: Actor,
    @Body() body: MfaEmailStartBody,
    @Req() request: Request,
  ): Promise<MfaCodeDeliveryResponse> {
    return this.client.request(Subjects.IdentityMfaEmailStart, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }

  /** The emailed code turns email MFA on. */
  @Post('email/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaSettingsResponse })
  confirmEmail(
    @CurrentActor() actor: Actor,
    @Body() body: MfaEmailConfirmBody,
    @Req() request: Request,
  ): Promise<MfaSettingsResponse> {
    return this.client.request(Subjects.IdentityMfaEmailConfirm, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }

  /** Emails a fresh code to the MFA address, to turn email MFA off with. */
  @Post('email/code')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaCodeDeliveryResponse })
  emailCode(
    @CurrentActor() actor: Actor,
    @Body() _body: MfaEmailCodeBody,
    @Req() request: Request,
  ): Promise<MfaCodeDeliveryResponse> {
    return this.client.request(Subjects.IdentityMfaEmailCode, { actor, client: this.http.client(request) });
  }

  /**
   * Texts a code to the account's verified phone number (MFA_PHONE_NOT_VERIFIED without one); the
   * code turns SMS MFA on.
   */
  @Post('sms')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaCodeDeliveryResponse })
  startSms(
    @CurrentActor() actor: Actor,
    @Body() _body: MfaSmsStartBody,
    @Req() request: Request,
  ): Promise<MfaCodeDeliveryResponse> {
    return this.client.request(Subjects.IdentityMfaSmsStart, { actor, client: this.http.client(request) });
  }

  /** The texted code turns SMS MFA on. */
  @Post('sms/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaSettingsResponse })
  confirmSms(
    @CurrentActor() actor: Actor,
    @Body() body: MfaSmsConfirmBody,
    @Req() request: Request,
  ): Promise<MfaSettingsResponse> {
    return this.client.request(Subjects.IdentityMfaSmsConfirm, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }

  /** Texts a fresh code to the verified phone number, to turn SMS MFA off with. */
  @Post('sms/code')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaCodeDeliveryResponse })
  smsCode(
    @CurrentActor() actor: Actor,
    @Body() _body: MfaSmsCodeBody,
    @Req() request: Request,
  ): Promise<MfaCodeDeliveryResponse> {
    return this.client.request(Subjects.IdentityMfaSmsCode, { actor, client: this.http.client(request) });
  }

  /** Turns a factor off with a fresh code of that factor. */
  @Post('disable')
  @HttpCode(200)
  @ApiOkResponse({ type: MfaSettingsResponse })
  disable(
    @CurrentActor() actor: Actor,
    @Body() body: MfaDisableBody,
    @Req() request: Request,
  ): Promise<MfaSettingsResponse> {
    return this.client.request(Subjects.IdentityMfaDisable, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }
}
