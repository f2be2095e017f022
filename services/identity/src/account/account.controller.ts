import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { AttributeVerification } from './attribute-verification.use-case';
import { AutoSignIn, ConfirmSignUp } from './confirm-sign-up.use-case';
import { ChangePassword } from './password-change.use-case';
import { ForgotPassword, ResetPassword } from './password-reset.use-case';
import { ResendSignUpCode } from './resend-sign-up-code.use-case';
import { SignUp } from './sign-up.use-case';

/** Email and password accounts: sign-up, its confirmation, recovery and attribute verification (spec §4). */
@Controller()
export class AccountController {
  constructor(
    private readonly signUp: SignUp,
    private readonly confirmSignUp: ConfirmSignUp,
    private readonly autoSignIn: AutoSignIn,
    private readonly resendSignUpCode: ResendSignUpCode,
    private readonly forgotPassword: ForgotPassword,
    private readonly resetPassword: ResetPassword,
    private readonly changePassword: ChangePassword,
    private readonly attributes: AttributeVerification,
  ) {}

  @MessagePattern(Subjects.IdentityAccountSignUp)
  create(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAccountSignUp>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAccountSignUp>> {
    return this.signUp.execute(request);
  }

  @MessagePattern(Subjects.IdentityAccountConfirmSignUp)
  confirm(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAccountConfirmSignUp>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAccountConfirmSignUp>> {
    return this.confirmSignUp.execute(request);
  }

  @MessagePattern(Subjects.IdentityAccountAutoSignIn)
  autoSignInAfterSignUp(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAccountAutoSignIn>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAccountAutoSignIn>> {
    return this.autoSignIn.execute(request);
  }

  @MessagePattern(Subjects.IdentityAccountResendCode)
  resend(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAccountResendCode>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAccountResendCode>> {
    return this.resendSignUpCode.execute(request);
  }

  @MessagePattern(Subjects.IdentityPasswordForgot)
  forgot(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasswordForgot>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasswordForgot>> {
    return this.forgotPassword.execute(request);
  }

  @MessagePattern(Subjects.IdentityPasswordReset)
  reset(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasswordReset>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasswordReset>> {
    return this.resetPassword.execute(request);
  }

  @MessagePattern(Subjects.IdentityPasswordChange)
  change(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasswordChange>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasswordChange>> {
    return this.changePassword.execute(request);
  }

  @MessagePattern(Subjects.IdentityAttributeVerify)
  verifyAttribute(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAttributeVerify>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAttributeVerify>> {
    return this.attributes.sendCode(request);
  }

  @MessagePattern(Subjects.IdentityAttributeConfirm)
  confirmAttribute(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAttributeConfirm>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAttributeConfirm>> {
    return this.attributes.confirm(request);
  }
}
