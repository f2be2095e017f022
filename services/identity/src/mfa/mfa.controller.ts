import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { ManageMfa } from './manage-mfa.use-case';

/** The signed-in account's second factors (sign-in with them is in sign-in/second-factor.ts). */
@Controller()
export class MfaController {
  constructor(private readonly mfa: ManageMfa) {}

  @MessagePattern(Subjects.IdentityMfaGet)
  get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentityMfaGet>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaGet>> {
    return this.mfa.settings(actor);
  }

  @MessagePattern(Subjects.IdentityMfaTotpStart)
  startTotp(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentityMfaTotpStart>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaTotpStart>> {
    return this.mfa.startTotp(actor);
  }

  @MessagePattern(Subjects.IdentityMfaTotpConfirm)
  confirmTotp(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaTotpConfirm>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaTotpConfirm>> {
    return this.mfa.confirmTotp(request);
  }

  @MessagePattern(Subjects.IdentityMfaEmailStart)
  startEmail(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaEmailStart>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaEmailStart>> {
    return this.mfa.startEmail(request);
  }

  @MessagePattern(Subjects.IdentityMfaEmailConfirm)
  confirmEmail(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaEmailConfirm>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaEmailConfirm>> {
    return this.mfa.confirmEmail(request);
  }

  @MessagePattern(Subjects.IdentityMfaEmailCode)
  emailCode(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaEmailCode>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaEmailCode>> {
    return this.mfa.sendEmailCode(request);
  }

  @MessagePattern(Subjects.IdentityMfaSmsStart)
  startSms(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaSmsStart>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaSmsStart>> {
    return this.mfa.startSms(request);
  }

  @MessagePattern(Subjects.IdentityMfaSmsConfirm)
  confirmSms(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaSmsConfirm>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaSmsConfirm>> {
    return this.mfa.confirmSms(request);
  }

  @MessagePattern(Subjects.IdentityMfaSmsCode)
  smsCode(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaSmsCode>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaSmsCode>> {
    return this.mfa.sendSmsCode(request);
  }

  @MessagePattern(Subjects.IdentityMfaDisable)
  disable(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMfaDisable>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMfaDisable>> {
    return this.mfa.disable(request);
  }
}
