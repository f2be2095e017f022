import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError, ValidationError } from '@backtalk/kit';
import type { Actor, ParsedRequestOf, ReplyOf, Subjects } from '@backtalk/proto';
import { VerificationCodeService } from '../code/verification-code.service';
import type { UserEntity } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';

const NO_SMS = 'Phone numbers cannot be verified yet: no SMS sender is configured.';

/**
 * Spec §4 Verify attributes: a code to the signed-in user's own email, then
 * the code marks it verified. Only the actor's own record is ever read or
 * changed; guests have nothing to verify.
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
    if (attribute !== 'email') throw new ValidationError(NO_SMS);
    const user = await this.ownAccount(actor);
    // Signed-in requests are limited per user rather than per address.
    const codeDelivery = await this.sender.send(
      { id: user.id, email: user.email! },
      'verify-email',
      `user:${user.id}`,
    );
    return { codeDelivery };
  }

  async confirm({
    actor,
    attribute,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityAttributeConfirm>): Promise<
    ReplyOf<typeof Subjects.IdentityAttributeConfirm>
  > {
    if (attribute !== 'email') throw new ValidationError(NO_SMS);
    const user = await this.ownAccount(actor);
    await this.codes.redeem(user.id, 'verify-email', code, (transaction) =>
      this.users.markEmailVerified(user.id, transaction),
    );
    return { verified: true };
  }

  private async ownAccount(actor: Actor): Promise<UserEntity> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to verify your email.');
    const user = await this.users.findOwn(actor.userId);
    if (!user?.email) throw new NotFoundError('User not found');
    return user;
  }
}
