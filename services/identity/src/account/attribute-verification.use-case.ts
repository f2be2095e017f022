import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError, ServiceError, ValidationError } from '@backtalk/kit';
import { type Actor, ErrorCode, type ParsedRequestOf, type ReplyOf, type Subjects } from '@backtalk/proto';
import { VerificationCodeService } from '../code/verification-code.service';
import type { UserEntity } from '../user/user.entity';
import { phoneOf } from '../user/user-phone';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';

const NO_PHONE = 'This account has no phone number to verify.';

/**
 * Spec §4 Verify attributes: a code to the signed-in user's own email (emailed) or phone number
 * (texted, docs/architecture.md "SMS"), then the code marks it verified. Only the actor's own
 * record is ever read or changed; guests have nothing to verify. Signed-in requests spend the
 * user's code allowance rather than the address's.
 */
@Injectable()
export class AttributeVerification {
  constructor(
    private readonly users: UserRepository,
    private readonly sender: CodeSender,
    private readonly codes: VerificationCodeService,
  ) {}

  async sendCode({
    actor,
    attribute,
  }: ParsedRequestOf<typeof Subjects.IdentityAttributeVerify>): Promise<
    ReplyOf<typeof Subjects.IdentityAttributeVerify>
  > {
    const user = await this.ownAccount(actor);
    const sender = `user:${user.id}`;
    if (attribute === 'phone_number') {
      return {
        codeDelivery: await this.sender.text(
          { id: user.id, phone: phoneNumberOf(user) },
          'verify-phone',
          sender,
        ),
      };
    }
    const codeDelivery = await this.sender.send({ id: user.id, email: user.email! }, 'verify-email', sender);
    return { codeDelivery };
  }

  async confirm({
    actor,
    attribute,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityAttributeConfirm>): Promise<
    ReplyOf<typeof Subjects.IdentityAttributeConfirm>
  > {
    const user = await this.ownAccount(actor);
    if (attribute === 'phone_number') {
      // The number the code went to: the attribute is only set at sign-up, so it is the same one.
      const phone = phoneNumberOf(user);
      await this.codes.redeem(user.id, 'verify-phone', code, (transaction) =>
        this.users.markPhoneVerified(user.id, phone, transaction),
      );
      return { verified: true };
    }
    await this.codes.redeem(user.id, 'verify-email', code, (transaction) =>
      this.users.markEmailVerified(user.id, transaction),
    );
    return { verified: true };
  }

  private async ownAccount(actor: Actor): Promise<UserEntity> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to verify your contact details.');
    const user = await this.users.findOwn(actor.userId);
    if (!user?.email) throw new NotFoundError('User not found');
    return user;
  }
}

/** The account's number in E.164; an account without one has nothing to verify. */
function phoneNumberOf(user: UserEntity): string {
  if (user.attributes['phone_number'] === undefined) throw new ValidationError(NO_PHONE);
  const phone = phoneOf(user);
  if (!phone) throw new ServiceError(ErrorCode.AuthInvalidPhoneNumber);
  return phone;
}
