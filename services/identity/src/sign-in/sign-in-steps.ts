import { Injectable } from '@nestjs/common';
import type { AuthFlowReply } from '@backtalk/proto';
import { CodeSender } from '../account/code-sender';
import type { UserEntity } from '../user/user.entity';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import type { FlowContext } from './complete-sign-in.use-case';
import { SecondFactor } from './second-factor';
import { SignInChallengeRepository } from './sign-in-challenge.repository';

/**
 * What follows a correct password (spec §4 Sign-in): confirming an
 * unconfirmed account (a new code is sent), a forced password change, a
 * required reset — then the second factor (SecondFactor: TOTP or email code,
 * MFA type selection, setup under MFA_REQUIRED), each answered through
 * `identity.sign-in.respond`, then signed in. The right password clears the
 * account's failure count only when no second factor is on: otherwise a
 * password known to an attacker would reset the count of wrong codes.
 */
@Injectable()
export class SignInSteps {
  constructor(
    private readonly challenges: SignInChallengeRepository,
    private readonly codes: CodeSender,
    private readonly limits: BruteForceGuard,
    private readonly secondFactor: SecondFactor,
  ) {}

  async afterPassword(user: UserEntity, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
    if (user.email && !(await this.secondFactor.needsCode(user)))
      await this.limits.recordSignInSuccess(user.email);
    if (!user.confirmed && user.email) {
      const codeDelivery = await this.codes.send(
        { id: user.id, email: user.email },
        'sign-up',
        context.client.ip,
      );
      const challenge = await this.challenges.create(user.id, 'confirmSignUp', context.guestUserId, now);
      return { nextStep: { step: 'confirmSignUp', codeDelivery }, challenge };
    }
    if (user.passwordResetRequired) return { nextStep: { step: 'resetPassword' } };
    if (user.passwordChangeRequired) {
      const challenge = await this.challenges.create(user.id, 'forceNewPassword', context.guestUserId, now);
      return { nextStep: { step: 'forceNewPassword' }, challenge };
    }
    return this.secondFactor.begin(user, context);
  }
}
