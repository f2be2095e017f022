import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, type AuthClient, type AuthFlowReply, Subjects } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { AuthFlowHttp } from './auth-flow.http';
import { CurrentActor, Public } from './auth.guard';
import {
  AttributeConfirmBody,
  AttributeConfirmResponse,
  AttributeVerifyBody,
  AuthFlowResponse,
  AutoSignInBody,
  AutoSignInResponse,
  CodeDeliveryResponse,
  ConfirmSignUpBody,
  ForgotPasswordBody,
  PasswordChangeBody,
  PasswordChangeResponse,
  ResendSignUpCodeBody,
  ResendSignUpCodeResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  SignInBody,
  SignInRespondBody,
  SignUpBody,
} from './dto/auth.dto';

/**
 * Sign-up, sign-in and account recovery (spec §4). Each flow call answers
 * the next step; once signed in, the refresh token is set as the HttpOnly
 * `bt_refresh` cookie and the body holds the access and id tokens. A guest's
 * bearer token on sign-up or sign-in moves the guest's chats to the account.
 * `401 AUTH_INVALID_CREDENTIALS` is a wrong email or password; `401
 * UNAUTHORIZED` is a guest token that no longer verifies (refresh, then retry).
 */
@ApiTags('auth')
@Controller('api/auth')
export class SignInController {
  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
  ) {}

  /** Creates an unconfirmed account and emails a code; answers confirmSignUp with a challenge. */
  @Public()
  @ApiBearerAuth()
  @Post('sign-up')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthFlowResponse })
  async signUp(
    @Body() body: SignUpBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthFlowResponse> {
    return this.flow(request, response, (context) =>
      this.client.request(Subjects.IdentityAccountSignUp, { ...body, ...context }),
    );
  }

  /** Confirms the account with the emailed code; with the sign-up's challenge it also signs in. */
  @Public()
  @ApiBearerAuth()
  @Post('sign-up/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthFlowResponse })
  async confirmSignUp(
    @Body() body: ConfirmSignUpBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthFlowResponse> {
    return this.flow(request, response, (context) =>
      this.client.request(Subjects.IdentityAccountConfirmSignUp, { ...body, ...context }),
    );
  }

  /**
   * Spec §4 auto sign-in, polled every 5 s by the browser that signed up: `confirmed: false`
   * until the account is confirmed elsewhere, then the sign-up's challenge signs in (once).
   * `409 AUTH_AUTO_SIGN_IN_INACTIVE` when that challenge is spent, expired or not this account's.
   */
  @Public()
  @ApiBearerAuth()
  @Post('sign-up/auto-sign-in')
  @HttpCode(200)
  @ApiOkResponse({ type: AutoSignInResponse })
  async autoSignIn(
    @Body() body: AutoSignInBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AutoSignInResponse> {
    this.http.checkOrigin(request);
    const guestUserId = await this.http.guestUserId(request);
    const reply = await this.client.request(Subjects.IdentityAccountAutoSignIn, {
      ...body,
      client: this.http.client(request),
      ...(guestUserId ? { guestUserId } : {}),
    });
    const { confirmed, nextStep, ...rest } = reply;
    if (!confirmed || !nextStep) return { confirmed: false };
    return { ...this.http.respond(request, response, { ...rest, nextStep }), confirmed: true };
  }

  /** Sends a new sign-up code; the same answer for any email (a confirmed account's owner is emailed instead). */
  @Public()
  @Post('sign-up/resend')
  @HttpCode(200)
  @ApiOkResponse({ type: ResendSignUpCodeResponse })
  resendSignUpCode(
    @Body() body: ResendSignUpCodeBody,
    @Req() request: Request,
  ): Promise<ResendSignUpCodeResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityAccountResendCode, {
      ...body,
      client: this.http.client(request),
    });
  }

  /** Checks the email and password; answers done (signed in) or the next step. */
  @Public()
  @ApiBearerAuth()
  @Post('sign-in')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthFlowResponse })
  async signIn(
    @Body() body: SignInBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthFlowResponse> {
    return this.flow(request, response, (context) =>
      this.client.request(Subjects.IdentitySignInStart, { ...body, ...context }),
    );
  }

  /** Answers the step the last reply asked for (a code, an MFA type, a new password, an email). */
  @Public()
  @ApiBearerAuth()
  @Post('sign-in/respond')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthFlowResponse })
  async respond(
    @Body() body: SignInRespondBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthFlowResponse> {
    return this.flow(request, response, (context) =>
      this.client.request(Subjects.IdentitySignInRespond, { ...body, ...context }),
    );
  }

  /** Emails a reset code; the same answer whether or not an account has the email. */
  @Public()
  @Post('password/forgot')
  @HttpCode(200)
  @ApiOkResponse({ type: CodeDeliveryResponse })
  forgotPassword(@Body() body: ForgotPasswordBody, @Req() request: Request): Promise<CodeDeliveryResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityPasswordForgot, {
      ...body,
      client: this.http.client(request),
    });
  }

  /** Sets a new password with the emailed code; every session of the account is signed out. */
  @Public()
  @Post('password/reset')
  @HttpCode(200)
  @ApiOkResponse({ type: ResetPasswordResponse })
  resetPassword(@Body() body: ResetPasswordBody, @Req() request: Request): Promise<ResetPasswordResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityPasswordReset, {
      ...body,
      client: this.http.client(request),
    });
  }

  /**
   * Changes the signed-in user's password with the current one; `signOutOtherSessions`
   * ends every other session. A wrong current password counts as a failed sign-in.
   */
  @ApiBearerAuth()
  @Post('password/change')
  @HttpCode(200)
  @ApiOkResponse({ type: PasswordChangeResponse })
  changePassword(
    @CurrentActor() actor: Actor,
    @Body() body: PasswordChangeBody,
    @Req() request: Request,
  ): Promise<PasswordChangeResponse> {
    this.http.checkOrigin(request);
    return this.client.request(Subjects.IdentityPasswordChange, {
      actor,
      client: this.http.client(request),
      ...body,
    });
  }

  /** Sends a code to the signed-in user's own email (spec §4 Verify attributes). */
  @ApiBearerAuth()
  @Post('attributes/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: CodeDeliveryResponse })
  verifyAttribute(
    @CurrentActor() actor: Actor,
    @Body() body: AttributeVerifyBody,
  ): Promise<CodeDeliveryResponse> {
    return this.client.request(Subjects.IdentityAttributeVerify, { actor, ...body });
  }

  /** Marks the user's own attribute verified with the code. */
  @ApiBearerAuth()
  @Post('attributes/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: AttributeConfirmResponse })
  confirmAttribute(
    @CurrentActor() actor: Actor,
    @Body() body: AttributeConfirmBody,
  ): Promise<AttributeConfirmResponse> {
    return this.client.request(Subjects.IdentityAttributeConfirm, { actor, ...body });
  }

  private async flow(
    request: Request,
    response: Response,
    call: (context: { client: AuthClient; guestUserId?: string }) => Promise<AuthFlowReply>,
  ): Promise<AuthFlowResponse> {
    this.http.checkOrigin(request);
    const guestUserId = await this.http.guestUserId(request);
    const reply = await call({ client: this.http.client(request), ...(guestUserId ? { guestUserId } : {}) });
    return this.http.respond(request, response, reply);
  }
}
