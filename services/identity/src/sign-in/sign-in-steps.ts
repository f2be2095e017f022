import { Injectable } from '@nestjs/common';
import type { AuthFlowReply } from '@backtalk/proto';
import { CodeSender } from '../account/code-sender';
import type { UserEntity } from '../user/user.entity';
import { CompleteSignIn, type FlowContext } from './complete-sign-in.use-case';
import { SignInChallengeRepository } from './sign-in-challenge.repository';

/**
 * What follows a correct password (spec §4 Sign-in): confirming an
 * unconfirmed account (a new code is sent), a forced password change, a
 * required reset — then signed in. A second factor (TOTP, email or SMS code,
 * MFA type selection, setup) plugs in here as further challenge steps before
 * `complete`, each answered through `identity.sign-in.respond`.
 */
@Injectable()
export class SignInSteps {
  constructor(
    private readonly challenges: SignInChallengeRepository,
    private readonly codes: CodeSender,
    private readonly complete: CompleteSignIn,
  ) {}

  async afterPassword(user: UserEntity, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
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
    return this.complete.execute(user, context);
  }
}
